// The trace viewer: a tree of steps (each holding the calls it made) and calls, and for the
// selected entry its snapshot diff, screenshot, events, log lines and JSON; the whole engine
// log below. The data is the JSON block #trace-data written by agent_client/trace/view.py;
// pictures are #shot-N blocks.
//
// An entry of the tree is a "ref": a call's position in data.calls (>= 0), or -1 - a step's
// position in data.steps.
"use strict";

(function () {
  var ROW_HEIGHT = 26, LOG_ROW_HEIGHT = 18, CONTEXT = 3, INDENT = 14;
  var MAX_LOG_EXCERPT = 400, MAX_JSON_CHARS = 200000, MAX_LISTED_CALLS = 200, FEW_CHILDREN = 6;

  // Marks and measures named trace-viewer-* are read by bench/bench_trace_view.py.
  performance.mark("trace-viewer-start");
  var data = JSON.parse(document.getElementById("trace-data").textContent);
  performance.mark("trace-viewer-data");
  var calls = data.calls, views = data.views, log = data.log;
  var steps = data.steps || [], top = data.top || calls.map(function (call, pos) { return pos; });
  var snapshotLines = data.snapshot_lines;
  // A format-1 trace has no steps: its timeline shows actions, other calls on demand.
  var callsOnly = !steps.length && (data.format || 1) < 2;

  var state = {
    showAll: false,
    expanded: {},       // step ref -> true/false, when opened or closed by hand
    rows: [],           // the refs the timeline shows, in order
    rowOf: {},          // ref -> row
    selected: null,     // ref
    range: null,        // the selected entry's log lines [first, end)
    logCursor: -1,      // log line with the keyboard cursor
    whole: false,       // whole snapshot instead of changes only
    unfolded: {},       // folds opened in the current diff, by op index
    shotPending: false, // the selected picture's block was not parsed yet
    detailsFrame: 0,
  };

  function $(id) { return document.getElementById(id); }

  // Times one piece of work for the benchmark; old entries go, so a long session stays lean.
  var measured = 0;
  function measure(name, started) {
    if (++measured % 2000 === 0) performance.clearMeasures();
    performance.measure(name, { start: started });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function srOnly(text) { return el("span", "sr-only", text); }

  function note(box, text) { return box.appendChild(el("p", "note", text)); }

  function plural(count, word) { return count + " " + word + (count === 1 ? "" : "s"); }

  // The row's child spans, made once: a row is filled again in place, so an element under
  // the pointer survives a redraw between mouse down and up and still gets the click.
  function cells(row, classes) {
    if (row.childElementCount !== classes.length) {
      row.textContent = "";
      classes.forEach(function (name) { row.appendChild(el("span", name)); });
    }
    return row.children;
  }

  function say(message) {
    var status = $("status");
    status.textContent = message;
    clearTimeout(say.timer);
    say.timer = setTimeout(function () { status.textContent = ""; }, 4000);
  }

  // --- what an entry is --------------------------------------------------------------------

  function isStep(ref) { return ref < 0; }
  function stepAt(ref) { return steps[-1 - ref]; }
  function isAction(call) { return call.action === true; }
  function failed(call) { return call.ok === false || call.ok === null; }
  function isReport(step) { return step.record.kind === "report"; }
  function stepOutcome(step) { return step.end ? step.end.ok === true : null; }
  function stepFailed(step) { return stepOutcome(step) === false && !isReport(step); }
  function hasChildren(ref) { return isStep(ref) && stepAt(ref).children.length > 0; }

  function hasError(ref) {
    if (isStep(ref)) return stepFailed(stepAt(ref));
    return failed(calls[ref]) || views[ref].errors > 0;
  }

  // The step holding an entry, as a ref, or null at the top.
  function parentOf(ref) {
    var parent = isStep(ref) ? stepAt(ref).parent : views[ref].step;
    return parent >= 0 ? -1 - parent : null;
  }

  var depthOf = {};
  function depth(ref) {
    if (!(ref in depthOf)) {
      var parent = parentOf(ref);
      depthOf[ref] = parent === null ? 0 : depth(parent) + 1;
    }
    return depthOf[ref];
  }

  function stepName(call) { return "#" + (call.index !== undefined ? call.index : "?"); }

  function entryName(ref) {
    return isStep(ref) ? stepAt(ref).record.name || "step" : stepName(calls[ref]);
  }

  function duration(start, end) {
    return typeof start === "number" && typeof end === "number" ? (end - start) * 1000 : null;
  }

  function durationMs(ref) {
    if (!isStep(ref)) return duration(calls[ref].t, calls[ref].t_end);
    var step = stepAt(ref);
    return duration(step.record.t, step.end ? step.end.t_end : null);
  }

  function formatMs(ms) {
    if (ms === null) return "\u2014";
    return ms < 10 ? ms.toFixed(1) + " ms" : ms < 10000 ? Math.round(ms) + " ms"
      : (ms / 1000).toFixed(1) + " s";
  }

  function scalar(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  // "ref=e3", "path=/root/Menu/Play", "from=1 to=2": what the call acted on, short.
  function argsSummary(args) {
    if (!args || typeof args !== "object") return "";
    var parts = [];
    Object.keys(args).forEach(function (key) {
      var value = args[key];
      if (value === null || typeof value !== "object") parts.push(key + "=" + scalar(value));
    });
    var text = parts.join(" ");
    return text.length > 60 ? text.slice(0, 59) + "\u2026" : text;
  }

  function outcome(call) {
    if (call.ok === true) return "ok";
    if (call.ok === null) return "no answer";
    if (call.ok === false) return call.code || "failed";
    return "";
  }

  function stepVerdict(step) {
    if (isReport(step)) return "after the test";
    var ok = stepOutcome(step);
    if (ok === null) return "unfinished";
    return ok ? "passed" : "failed";
  }

  // "get_tree ×8, wait ×7": the commands of a step's calls, counted.
  function commandCounts(positions) {
    var counts = {}, order = [];
    positions.forEach(function (pos) {
      var cmd = calls[pos].cmd;
      if (!(cmd in counts)) { counts[cmd] = 0; order.push(cmd); }
      counts[cmd]++;
    });
    return order.map(function (cmd) {
      return cmd + (counts[cmd] > 1 ? " \u00d7" + counts[cmd] : "");
    }).join(", ");
  }

  function snapshotOf(id) {
    return typeof id === "number" ? data.snapshots[String(id)] || null : null;
  }

  var maxDuration = Math.max(1, calls.reduce(function (most, call, pos) {
    return Math.max(most, durationMs(pos) || 0);
  }, 0), steps.reduce(function (most, step, number) {
    return Math.max(most, durationMs(-1 - number) || 0);
  }, 0));

  var logCounts = countLevels(log.levels);

  // How many errors (E) and warnings (W) the log holds (e, w: their continuation lines).
  function countLevels(levels) {
    var counts = { E: 0, W: 0 };
    for (var i = 0; i < levels.length; i++) {
      var level = levels.charAt(i);
      if (level in counts) counts[level]++;
    }
    return counts;
  }

  // Every entry in tree order, whatever is open: for e / Shift+E.
  var treeOrder = [], treeIndex = {};
  (function walk(refs) {
    refs.forEach(function (ref) {
      treeIndex[ref] = treeOrder.length;
      treeOrder.push(ref);
      if (isStep(ref)) walk(stepAt(ref).children);
    });
  })(top);

  // --- header ----------------------------------------------------------------------------

  function renderHeader() {
    var meta = data.meta, end = data.end;
    var title = [meta.title, meta.game].filter(Boolean).join(" \u2014 ") || data.file;
    $("trace-title").textContent = title;
    var badge = $("end-status");
    badge.textContent = data.cut_off ? "cut off" : String(end.reason || "closed");
    badge.className = "badge " + (data.cut_off ? "bad" : end.reason === "closed" ? "good" : "bad");
    var inReport = reportCalls();
    var actions = calls.filter(isAction).length;
    var failures = calls.filter(function (call, pos) { return failed(call) && !inReport[pos]; });
    var failedSteps = steps.filter(stepFailed).length;
    var lastT = data.cut_off ? calls.reduce(function (t, call) {
      return Math.max(t, call.t_end || call.t || 0);
    }, 0) : end.t;
    var engine = [meta.engine, meta.engine_version].filter(Boolean).join(" ");
    var counts = actions + " actions, " + calls.length + " calls";
    var rows = [
      ["Game", meta.game], ["Test", meta.title], ["Engine", engine],
      ["Protocol", meta.protocol], ["Started", meta.started],
      ["Length", typeof lastT === "number" ? formatMs(lastT * 1000) : null],
      ["Steps", callsOnly ? counts : plural(top.length, "step") + ", " + counts],
      ["Failed steps", callsOnly ? null : failedSteps],
      ["Failed calls", failures.length], ["Log errors", logCounts.E], ["File", data.file],
      ["Session", meta.session],
    ];
    var list = $("meta");
    rows.forEach(function (row) {
      if (row[1] === undefined || row[1] === null || row[1] === "") return;
      var bad = (row[0] === "Failed calls" || row[0] === "Failed steps") && row[1];
      var item = el("div", bad ? "bad" : "");
      item.appendChild(el("dt", "", row[0]));
      item.appendChild(el("dd", "", row[1]));
      list.appendChild(item);
    });
    renderBanners();
  }

  // Call positions inside the failure report's steps: never counted as the test's failures.
  function reportCalls() {
    var inReport = {};
    steps.forEach(function (step) {
      if (isReport(step)) step.calls.forEach(function (pos) { inReport[pos] = true; });
    });
    return inReport;
  }

  function renderBanners() {
    var box = $("banners");
    if (data.cut_off) {
      var cut = el("div", "banner cut-off");
      cut.setAttribute("role", "alert");
      cut.appendChild(el("strong", "", "This trace was cut off. "));
      cut.appendChild(document.createTextNode(
        "It has no end record: the client stopped (it crashed or was killed) before closing " +
        "it. Everything recorded until then is shown; the last call may have no answer."));
      box.appendChild(cut);
    }
    if (data.notes.length) {
      var notes = el("div", "banner notes");
      notes.appendChild(el("strong", "", "Parts of this trace could not be read:"));
      var items = el("ul");
      data.notes.forEach(function (note) { items.appendChild(el("li", "", note)); });
      notes.appendChild(items);
      box.appendChild(notes);
    }
  }

  // --- timeline: a tree of steps and calls ------------------------------------------------

  var timelineEl = $("timeline");
  var timeline = new VirtualList(timelineEl, {
    rowHeight: ROW_HEIGHT,
    rowId: function (row) { return "step-row-" + row; },
    render: renderRow,
  });

  var ROW_CELLS = ["tl-mark", "tl-twisty", "tl-index", "tl-cmd", "tl-args", "tl-frame", "tl-bar",
    "tl-ms"];

  function isOpen(ref) {
    return ref in state.expanded ? state.expanded[ref] : state.showAll;
  }

  // A format-1 trace shows its actions; the other calls only with "All calls".
  function hiddenCall(ref) {
    return callsOnly && !state.showAll && !isAction(calls[ref]);
  }

  function renderRow(row, index) {
    var ref = state.rows[index], selected = ref === state.selected;
    var parts = cells(row, ROW_CELLS);
    var label = isStep(ref) ? fillStepRow(row, parts, stepAt(ref), ref) : fillCallRow(row, parts, ref);
    var ms = durationMs(ref);
    row.className += selected ? " selected" : "";
    row.style.paddingLeft = 8 + depth(ref) * INDENT + "px";
    row.setAttribute("role", "treeitem");
    row.setAttribute("aria-level", String(depth(ref) + 1));
    row.setAttribute("aria-selected", selected ? "true" : "false");
    if (hasChildren(ref)) row.setAttribute("aria-expanded", isOpen(ref) ? "true" : "false");
    else row.removeAttribute("aria-expanded");
    row.dataset.ref = String(ref);
    // The bar's length grows with the square root of the duration: long waits stay on scale.
    parts[6].style.width = ms === null ? "0" : Math.max(2, Math.sqrt(ms / maxDuration) * 40) + "px";
    parts[7].textContent = formatMs(ms);
    row.setAttribute("aria-label", label);
    row.title = label;
  }

  function fillCallRow(row, parts, pos) {
    var call = calls[pos], view = views[pos];
    var bad = failed(call), logErrors = view.errors > 0, ms = durationMs(pos);
    row.className = "tl-row call" + (isAction(call) ? "" : " other") + (bad ? " fail" : "")
      + (logErrors ? " log-error" : "");
    var args = argsSummary(call.args);
    parts[0].textContent = bad ? "\u2716" : logErrors ? "\u26a0" : "";
    parts[1].textContent = "";
    parts[2].textContent = stepName(call);
    parts[3].textContent = call.cmd;
    parts[4].textContent = args;
    parts[5].textContent = typeof call.frame === "number" ? "f" + call.frame : "";
    return "Call " + stepName(call) + ": " + call.cmd + (args ? " " + args : "")
      + (typeof call.frame === "number" ? ", frame " + call.frame : "") + ", " + formatMs(ms)
      + (bad ? ", failed: " + outcome(call) : "") + (logErrors ? ", " + view.errors
      + " log error" + (view.errors > 1 ? "s" : "") : "");
  }

  function fillStepRow(row, parts, step, ref) {
    var bad = stepFailed(step), verdict = stepVerdict(step), logErrors = step.errors > 0;
    row.className = "tl-row step" + (isReport(step) ? " report" : "") + (bad ? " fail" : "")
      + (stepOutcome(step) === null ? " unfinished" : "") + (logErrors ? " log-error" : "");
    parts[0].textContent = bad ? "\u2716" : logErrors ? "\u26a0" : isReport(step) ? ""
      : verdict === "passed" ? "\u2713" : "\u2026";
    parts[1].textContent = hasChildren(ref) ? (isOpen(ref) ? "\u25be" : "\u25b8") : "";
    parts[2].textContent = "";
    parts[3].textContent = step.record.name || "step";
    parts[4].textContent = plural(step.calls.length, "call");
    parts[5].textContent = step.frames ? "f" + step.frames[1] : "";
    return "Step " + (step.record.name || "") + ": " + verdict + ", "
      + plural(step.calls.length, "call") + ", " + formatMs(durationMs(ref))
      + (logErrors ? ", " + plural(step.errors, "log error") : "");
  }

  // Lays the tree out as rows: the top, and inside each open step its calls and steps.
  function layout() {
    var rows = [], rowOf = {};
    (function walk(refs) {
      refs.forEach(function (ref) {
        if (!isStep(ref) && hiddenCall(ref)) return;
        rowOf[ref] = rows.length;
        rows.push(ref);
        if (isStep(ref) && isOpen(ref)) walk(stepAt(ref).children);
      });
    })(top);
    state.rows = rows;
    state.rowOf = rowOf;
    $("timeline-heading").textContent = state.showAll ? "All calls (" + calls.length + ")"
      : callsOnly ? "Actions (" + rows.length + ")" : "Steps (" + top.length + ")";
    timeline.setCount(rows.length);
    var empty = $("timeline-empty");
    empty.hidden = rows.length > 0;
    empty.textContent = calls.length
      ? "No actions: press a to show all " + calls.length + " calls."
      : "This trace has no calls.";
  }

  function setShowAll(showAll) {
    state.showAll = showAll;
    state.expanded = {};  // "All calls" opens every step, and closing it closes them
    $("show-all").checked = showAll;
    layout();
    if (!state.rows.length) return;
    if (state.selected !== null && state.selected in state.rowOf) {
      select(state.selected);
      return;
    }
    // The selected entry went out of view: its nearest shown ancestor, else the entry shown
    // just before it.
    var target = state.selected === null ? state.rows[0] : nearestShown(state.selected);
    select(target);
  }

  function nearestShown(ref) {
    for (var up = parentOf(ref); up !== null; up = parentOf(up)) {
      if (up in state.rowOf) return up;
    }
    var nearest = state.rows[0], at = treeIndex[ref];
    state.rows.forEach(function (row) { if (treeIndex[row] <= at) nearest = row; });
    return nearest;
  }

  // Opens or closes a step.
  function setOpen(ref, open) {
    if (!hasChildren(ref) || isOpen(ref) === open) return;
    state.expanded[ref] = open;
    layout();
    if (state.selected !== null && !(state.selected in state.rowOf)) {
      select(ref);  // it was inside the step that closed
    } else if (state.selected !== null) {
      timelineEl.setAttribute("aria-activedescendant", "step-row-" + state.rowOf[state.selected]);
    }
  }

  // Opens the steps around an entry so that it has a row.
  function reveal(ref) {
    var changed = false;
    for (var up = parentOf(ref); up !== null; up = parentOf(up)) {
      if (!isOpen(up)) { state.expanded[up] = true; changed = true; }
    }
    if (!isStep(ref) && hiddenCall(ref)) { setShowAll(true); return; }
    if (changed) layout();
  }

  // Selects an entry: marks its row, keeps it in view and shows its details.
  function select(ref, options) {
    options = options || {};
    if (ref === null || ref === undefined || !(ref in treeIndex)) return;
    var started = performance.now();
    if (!(ref in state.rowOf)) reveal(ref);
    var row = state.rowOf[ref];
    state.selected = ref;
    timeline.reveal(row, options.center);
    timeline.refresh();
    timelineEl.setAttribute("aria-activedescendant", "step-row-" + row);
    state.unfolded = {};
    scheduleDetails(options.fromLog);
    remember(ref);
    measure("trace-viewer-select", started);
  }

  // Puts the entry in the URL (#step=N for a step, #call=N for a call) once the selection
  // rests: browsers refuse a flood of history changes, as holding a key down would make.
  function remember(ref) {
    var hash = isStep(ref) ? "#step=" + stepAt(ref).record.step : "#call=" + calls[ref].index;
    clearTimeout(remember.timer);
    remember.timer = setTimeout(function () {
      try { history.replaceState(null, "", hash); } catch (ignored) { /* opaque */ }
    }, 300);
  }

  function moveSelection(delta) {
    if (!state.rows.length) return;
    var row = state.rowOf[state.selected];
    var next = Math.max(0, Math.min(state.rows.length - 1, (row === undefined ? 0 : row) + delta));
    select(state.rows[next]);
  }

  function selectError(direction) {
    var at = state.selected === null ? -1 : treeIndex[state.selected];
    for (var i = at + direction; i >= 0 && i < treeOrder.length; i += direction) {
      if (hasError(treeOrder[i])) { select(treeOrder[i], { center: true }); return; }
    }
    say(direction > 0 ? "No later entry with an error." : "No earlier entry with an error.");
  }

  // Right: open a step, or go into it; left: close it, or go to the step around.
  function intoStep() {
    var ref = state.selected;
    if (ref === null || !hasChildren(ref)) return;
    if (!isOpen(ref)) setOpen(ref, true);
    else moveSelection(1);
  }

  function outOfStep() {
    var ref = state.selected;
    if (ref === null) return;
    if (hasChildren(ref) && isOpen(ref)) { setOpen(ref, false); return; }
    var parent = parentOf(ref);
    if (parent !== null) select(parent);
  }

  // --- details of the selected entry ------------------------------------------------------

  // What the panes show of an entry, a call or a step alike.
  function subjectOf(ref) {
    if (!isStep(ref)) {
      var call = calls[ref], view = views[ref];
      return {
        ref: ref, label: stepName(call), before: call.before, after: call.after,
        whole: false, shot: view.shot, rect: call.target_rect,
        shotCaption: "After " + stepName(call), noShot: "No screenshot after this call",
        positions: [ref], log: view.log, what: "call",
      };
    }
    var step = stepAt(ref), end = step.end || {};
    var failedHere = stepOutcome(step) === false;
    return {
      ref: ref, label: "this step", before: step.record.before, after: step.after,
      whole: failedHere, shot: step.shot, rect: step.rect,
      shotCaption: step.shot >= 0 && end.screenshot ? "When it failed" : "After the step",
      noShot: "No screenshot during this step", positions: step.calls, log: step.log,
      what: "step",
    };
  }

  function scheduleDetails(fromLog) {
    // Holding a key moves many rows a frame; only the last one's details are drawn.
    cancelAnimationFrame(state.detailsFrame);
    state.detailsFrame = requestAnimationFrame(function () { renderDetails(fromLog); });
  }

  function renderDetails(fromLog) {
    var ref = state.selected;
    if (ref === null) return;
    var started = performance.now(), subject = subjectOf(ref);
    state.range = subject.log && subject.log[1] > subject.log[0] ? subject.log : null;
    if (isStep(ref)) renderStepSummary(stepAt(ref), ref); else renderCallSummary(calls[ref], ref);
    renderSnapshot(subject);
    renderScreenshot(subject);
    renderEvents(subject);
    renderEntryLog(subject);
    if (isStep(ref)) renderStepJson(stepAt(ref)); else renderCallJson(calls[ref]);
    logList.refresh();
    if (!fromLog && state.range) logList.reveal(state.range[0], true);
    document.body.dataset.step = isStep(ref) ? "s" + stepAt(ref).record.step
      : String(calls[ref].index);
    measure("trace-viewer-details", started);
    if (!performance.getEntriesByName("trace-viewer-step").length) {
      performance.mark("trace-viewer-step");
    }
  }

  function renderCallSummary(call, ref) {
    var box = $("summary");
    box.textContent = "";
    var head = el("div", "summary-head");
    head.appendChild(el("span", "summary-step", stepName(call)));
    head.appendChild(el("span", "summary-cmd", call.cmd));
    head.appendChild(el("span", "summary-args", argsSummary(call.args)));
    head.appendChild(el("span", "badge " + (failed(call) ? "bad" : "good"), outcome(call)));
    box.appendChild(head);
    var facts = [];
    if (typeof call.frame === "number") facts.push("frame " + call.frame);
    if (typeof call.t === "number") facts.push("at " + call.t.toFixed(3) + " s");
    facts.push("took " + formatMs(durationMs(ref)));
    if (call.data && typeof call.data.target === "string") facts.push("target " + call.data.target);
    if (!isAction(call)) facts.push("not an action");
    box.appendChild(el("div", "summary-facts", facts.join(" \u00b7 ")));
    var parent = parentOf(ref);
    if (parent !== null) {
      var within = el("div", "summary-facts", "in the step ");
      within.appendChild(entryLink(parent, entryName(parent)));
      box.appendChild(within);
    }
    if (call.error) box.appendChild(el("div", "summary-error", call.error));
    if (call.data_truncated) note(box, "The answer's data was cut short when recorded.");
  }

  function renderStepSummary(step, ref) {
    var box = $("summary"), end = step.end || {}, record = step.record;
    box.textContent = "";
    var verdict = stepVerdict(step), bad = stepFailed(step);
    var head = el("div", "summary-head");
    head.appendChild(el("span", "summary-kind", record.kind || "step"));
    head.appendChild(el("span", "summary-name", record.name || "step"));
    head.appendChild(el("span", "badge " + (bad || verdict === "unfinished" ? "bad"
      : isReport(step) ? "" : "good"), bad && end.error_type ? "failed: " + end.error_type
      : verdict));
    box.appendChild(head);
    var facts = [];
    if (typeof record.t === "number") facts.push("at " + record.t.toFixed(3) + " s");
    facts.push("took " + formatMs(durationMs(ref)));
    if (step.frames) {
      facts.push(step.frames[0] === step.frames[1] ? "frame " + step.frames[0]
        : "frames " + step.frames[0] + "\u2013" + step.frames[1]);
    }
    facts.push(plural(step.calls.length, "call") + (step.calls.length
      ? " (" + commandCounts(step.calls) + ")" : ""));
    box.appendChild(el("div", "summary-facts", facts.join(" \u00b7 ")));
    var args = argsSummary(record.args);
    if (args) box.appendChild(el("div", "summary-args", args));
    var parent = parentOf(ref);
    if (parent !== null) {
      var within = el("div", "summary-facts", "in the step ");
      within.appendChild(entryLink(parent, entryName(parent)));
      box.appendChild(within);
    }
    if (isReport(step)) {
      note(box, "The calls the failure report made after the test ended (its snapshot, events "
        + "and screenshot): they are not the failure.");
    }
    if (verdict === "unfinished") note(box, "This step never ended: the trace stops inside it.");
    if (end.error) {
      var message = el("pre", "summary-error", end.error);
      message.id = "step-error";
      box.appendChild(message);
    }
    if ("actual" in end) {
      var actual = el("div", "summary-actual");
      actual.id = "step-actual";
      actual.appendChild(el("span", "summary-label", "Last seen: "));
      actual.appendChild(el("code", "", scalar(end.actual)));
      box.appendChild(actual);
    }
    box.appendChild(childList(step));
  }

  // The calls and steps directly in a step, each opening it when clicked (folded when there
  // are many: the timeline shows them too).
  function childList(step) {
    var block = el("details", "step-calls");
    block.id = "step-calls";
    block.open = step.children.length <= FEW_CHILDREN;
    block.appendChild(el("summary", "", "In this step (" + step.children.length + ")"));
    var list = el("ol");
    step.children.slice(0, MAX_LISTED_CALLS).forEach(function (ref) {
      var item = el("li", hasError(ref) ? "fail" : "");
      if (isStep(ref)) {
        item.appendChild(entryLink(ref, stepAt(ref).record.name || "step"));
        item.appendChild(el("span", "note", " " + stepVerdict(stepAt(ref)) + ", "
          + formatMs(durationMs(ref))));
      } else {
        var call = calls[ref];
        item.appendChild(entryLink(ref, stepName(call) + " " + call.cmd));
        item.appendChild(el("span", "note", " " + argsSummary(call.args) + " \u00b7 "
          + outcome(call) + " \u00b7 " + formatMs(durationMs(ref))));
      }
      list.appendChild(item);
    });
    block.appendChild(list);
    if (step.children.length > MAX_LISTED_CALLS) {
      note(block, "and " + (step.children.length - MAX_LISTED_CALLS) + " more in the timeline.");
    }
    return block;
  }

  function entryLink(ref, text) {
    var link = el("button", "entry-link", text);
    link.type = "button";
    link.addEventListener("click", function () { select(ref, { center: true }); });
    return link;
  }

  // Snapshot pane: the diff from the snapshot before to the one after; a failed step shows
  // the whole snapshot it failed on, its changes marked.
  function renderSnapshot(subject) {
    var box = $("snapshot-diff"), stats = $("diff-stats");
    box.textContent = "";
    stats.textContent = "";
    $("snapshot-heading").textContent = subject.whole ? "Snapshot when it failed" : "Snapshot";
    var before = snapshotOf(subject.before), after = snapshotOf(subject.after);
    var sides = [["before", subject.before, before], ["after", subject.after, after]];
    var missing = sides.filter(function (side) { return typeof side[1] === "number" && !side[2]; });
    missing.forEach(function (side) {
      note(box, "The snapshot " + side[0] + " (id " + side[1] + ") is not in the trace.");
    });
    if (!before && !after) {
      if (!missing.length) note(box, "No snapshot was taken around this " + subject.what + ".");
      return;
    }
    if (!before || !after) {
      note(box, "Only the snapshot " + (before ? "before" : "after") + " this " + subject.what
        + " was taken:");
      box.appendChild(snapshotBlock((before || after).lines));
      return;
    }
    var result = TraceDiff.diff(before.lines, after.lines);
    var added = 0, removed = 0;
    result.ops.forEach(function (op) {
      if (op[0] === TraceDiff.ADDED) added++;
      else if (op[0] === TraceDiff.REMOVED) removed++;
    });
    stats.textContent = added || removed ? "+" + added + " \u2212" + removed + " lines"
      : "no change";
    stats.setAttribute("aria-label", added + " lines added, " + removed + " removed");
    if (typeof before.tree_version === "number") {
      stats.title = "tree version " + before.tree_version + " \u2192 " + after.tree_version;
    }
    if (!result.exact) {
      note(box, "Too many changes for a line-by-line diff: the changed part is shown as "
        + "removed, then added.");
    }
    if (!added && !removed) note(box, "The snapshot did not change.");
    var whole = state.whole || subject.whole || (!added && !removed);
    var rows = whole ? result.ops.map(function (op, i) { return i; })
      : TraceDiff.fold(result.ops, CONTEXT);
    box.appendChild(diffBlock(result.ops, rows, before.lines, after.lines));
  }

  function snapshotBlock(lines) {
    var block = el("div", "diff");
    lines.forEach(function (line) {
      block.appendChild(diffLine("div", "same", " ", snapshotLines[line]));
    });
    return block;
  }

  function diffLine(tag, kind, sign, text) {
    var line = el(tag, "diff-line " + kind);
    if (kind !== "same") line.appendChild(srOnly(kind === "add" ? "added: " : "removed: "));
    var mark = el("span", "sign", sign);
    mark.setAttribute("aria-hidden", "true");
    line.appendChild(mark);
    line.appendChild(el("span", "text", text));
    return line;
  }

  function diffBlock(ops, rows, a, b) {
    var block = el("div", "diff");
    var fragment = document.createDocumentFragment();
    rows.forEach(function (row) {
      if (typeof row === "object") {
        if (state.unfolded[row.from]) {
          for (var i = row.from; i < row.from + row.fold; i++) {
            fragment.appendChild(opLine(ops[i], a, b));
          }
          return;
        }
        var fold = el("button", "diff-fold", "\u22ef " + plural(row.fold, "unchanged line"));
        fold.type = "button";
        fold.setAttribute("aria-label", "Show " + row.fold + " unchanged lines");
        fold.addEventListener("click", function () {
          state.unfolded[row.from] = true;
          renderSnapshot(subjectOf(state.selected));
          $("snapshot-pane").focus();  // the button is gone; keep the keys in this pane
        });
        fragment.appendChild(fold);
        return;
      }
      fragment.appendChild(opLine(ops[row], a, b));
    });
    block.appendChild(fragment);
    return block;
  }

  function opLine(op, a, b) {
    if (op[0] === TraceDiff.ADDED) return diffLine("ins", "add", "+", snapshotLines[b[op[2]]]);
    if (op[0] === TraceDiff.REMOVED) {
      return diffLine("del", "del", "\u2212", snapshotLines[a[op[1]]]);
    }
    return diffLine("div", "same", " ", snapshotLines[b[op[2]]]);
  }

  // Screenshot pane: the picture after the call (for a step, when it failed or after its
  // last action), the target's rect drawn over it.
  function renderScreenshot(subject) {
    var box = $("screenshot");
    box.textContent = "";
    state.shotPending = false;
    var rect = subject.rect;
    var rectText = rect
      ? "target at (" + rect.x + ", " + rect.y + "), " + rect.w + "\u00d7" + rect.h : "";
    if (subject.shot < 0) {
      var entry = isStep(subject.ref) ? null : calls[subject.ref].screenshot;
      box.appendChild(el("p", "note", subject.noShot +
        (typeof entry === "string" ? " (its picture is not in the trace)." : ".")
        + (rectText ? " The " + rectText + "." : "")));
      return;
    }
    var block = document.getElementById("shot-" + subject.shot);
    if (!block) {
      state.shotPending = true;
      note(box, "Loading the picture\u2026");
      return;
    }
    var shot = data.shots[subject.shot];
    var figure = el("figure", "shot");
    var frame = el("div", "shot-frame");
    var img = el("img", "shot-img");
    img.id = "shot-img";
    img.alt = "Screenshot: " + subject.shotCaption.toLowerCase() + (rectText ? ", " + rectText : "");
    img.src = "data:image/png;base64," + block.textContent;
    frame.appendChild(img);
    if (rect && shot.width && shot.height) frame.appendChild(targetMark(rect, shot));
    figure.appendChild(frame);
    figure.appendChild(el("figcaption", "", subject.shotCaption + " \u00b7 " + shot.width
      + "\u00d7" + shot.height + (rectText ? " \u00b7 " + rectText : "")));
    box.appendChild(figure);
  }

  function targetMark(rect, shot) {
    var mark = el("div", "target-mark");
    mark.id = "target-mark";
    mark.setAttribute("aria-hidden", "true");
    var percent = function (value, size) {
      return Math.max(0, Math.min(100, value / size * 100)) + "%";
    };
    mark.style.left = percent(rect.x, shot.width);
    mark.style.top = percent(rect.y, shot.height);
    mark.style.width = percent(rect.w, shot.width);
    mark.style.height = percent(rect.h, shot.height);
    return mark;
  }

  // Events pane: the events on the answers, events that came on their own after them, and
  // the changes (nodes added and removed).
  function renderEvents(subject) {
    var box = $("events");
    box.textContent = "";
    var events = [], changes = [], within = {};
    subject.positions.forEach(function (pos) {
      var call = calls[pos];
      if (Array.isArray(call.events)) events = events.concat(call.events);
      var change = call.changes || (call.data && call.data.changes);
      if (change) changes.push(change);
      within[pos] = true;
    });
    box.appendChild(eventTable(events, "Events on the answer" + (subject.positions.length > 1
      ? "s" : "") + " (" + events.length + ")"));
    var loose = data.loose_events.filter(function (item) { return within[item.after]; });
    if (loose.length) {
      box.appendChild(eventTable(loose.map(function (item) { return item.event || {}; }),
        "Events that arrived on their own after this " + subject.what + " (" + loose.length
        + ")"));
    }
    changes.forEach(function (change) { box.appendChild(changesBlock(change)); });
  }

  function eventTable(events, caption) {
    var table = el("table", "events");
    table.appendChild(el("caption", "", caption));
    if (!events.length) return table;
    var head = el("tr");
    ["seq", "frame", "type", "source", "payload"].forEach(function (name) {
      var cell = el("th", "", name);
      cell.scope = "col";
      head.appendChild(cell);
    });
    table.appendChild(el("thead")).appendChild(head);
    var body = el("tbody");
    events.forEach(function (event) {
      var row = el("tr", "event-row" + (event.type === "engine_error" ? " error" : ""));
      var rest = {};
      Object.keys(event).forEach(function (key) {
        if (["seq", "frame", "type", "source"].indexOf(key) < 0) rest[key] = event[key];
      });
      [event.seq, event.frame, event.type, event.source].forEach(function (value) {
        row.appendChild(el("td", "", value === undefined ? "" : scalar(value)));
      });
      row.appendChild(payloadCell(event, rest));
      body.appendChild(row);
    });
    table.appendChild(body);
    return table;
  }

  // An event's payload as JSON; an engine error with a script stack as its message and one
  // line per call, innermost first (args: kind, message, where, stack).
  function payloadCell(event, rest) {
    var args = Array.isArray(event.args) ? event.args : [];
    var stack = event.type === "engine_error" && Array.isArray(args[3]) ? args[3] : [];
    if (!stack.length) return el("td", "", Object.keys(rest).length ? JSON.stringify(rest) : "");
    var cell = el("td", "stack", scalar(args[0]) + ": " + scalar(args[1]));
    stack.forEach(function (frame) {
      frame = frame || {};
      cell.appendChild(el("div", "stack-frame", "at " + scalar(frame.file) + ":" +
        scalar(frame.line) + " in " + scalar(frame.function) + "()"));
    });
    return cell;
  }

  function changesBlock(changes) {
    var block = el("div", "changes");
    block.appendChild(el("h3", "", "Changes"));
    [["added", "Added"], ["removed", "Removed"]].forEach(function (side) {
      var paths = Array.isArray(changes[side[0]]) ? changes[side[0]] : [];
      var count = changes[side[0] + "_count"];
      if (typeof count !== "number") count = paths.length;
      var line = el("div", "changes-" + side[0]);
      line.appendChild(el("span", "changes-label", side[1] + " (" + count + "): "));
      line.appendChild(el("span", "changes-paths", paths.length ? paths.join(", ") : "nothing"));
      if (count > paths.length) {
        line.appendChild(el("span", "note", " and " + (count - paths.length) + " more"));
      }
      block.appendChild(line);
    });
    return block;
  }

  function renderEntryLog(subject) {
    var box = $("call-log");
    $("call-log-heading").textContent = "Engine log during this " + subject.what;
    box.textContent = "";
    var range = subject.log;
    if (!range || range[1] <= range[0]) {
      note(box, range ? "Nothing was logged during this " + subject.what + "."
        : "No log range was recorded for this " + subject.what + ".");
      return;
    }
    var end = Math.min(range[1], range[0] + MAX_LOG_EXCERPT);
    for (var i = range[0]; i < end; i++) box.appendChild(logLineElement(el("div"), i, false));
    if (end < range[1]) note(box, (range[1] - end) + " more lines in the engine log below.");
  }

  // JSON pane: the request as sent, the answer as received, and the whole trace record; for
  // a step, its two records.
  var RESPONSE_KEYS = ["id", "ok", "data", "data_truncated", "code", "error", "frame", "events"];

  function renderCallJson(call) {
    var request = { id: call.id, cmd: call.cmd, args: call.args };
    var response = {};
    RESPONSE_KEYS.forEach(function (key) { if (key in call) response[key] = call[key]; });
    renderJson("Request and response", [["Request", "request-json", request],
      ["Response", "response-json", response]], call);
  }

  function renderStepJson(step) {
    renderJson("Step records", [["Step", "request-json", step.record],
      ["Step end", "response-json", step.end]], { step: step.record, end: step.end });
  }

  function renderJson(heading, blocks, whole) {
    var box = $("json");
    $("json-heading").textContent = heading;
    box.textContent = "";
    blocks.forEach(function (block) { box.appendChild(jsonBlock(block[0], block[1], block[2])); });
    var record = el("details", "record");
    record.appendChild(el("summary", "", "Trace record (every key)"));
    record.addEventListener("toggle", function () {
      // Drawn when opened: the whole record can be large.
      if (record.open && record.childNodes.length === 1) {
        record.appendChild(jsonPre("record-json", whole));
      }
    });
    box.appendChild(record);
  }

  function jsonBlock(title, id, value) {
    var block = el("div", "json-block");
    block.appendChild(el("h3", "", title));
    block.appendChild(jsonPre(id, value));
    return block;
  }

  function jsonPre(id, value) {
    var text = JSON.stringify(value, null, 2);
    if (text === undefined) text = "null";
    if (text.length > MAX_JSON_CHARS) {
      text = text.slice(0, MAX_JSON_CHARS) + "\n\u2026 ("
        + (text.length - MAX_JSON_CHARS) + " more characters)";
    }
    var pre = el("pre", "json", text);
    pre.id = id;
    return pre;
  }

  // --- engine log ------------------------------------------------------------------------

  var LEVEL_CLASS = { E: "error", e: "error more", W: "warning", w: "warning more" };
  var LEVEL_WORD = { E: "error", e: "error", W: "warning", w: "warning" };
  var logEl = $("log");
  var logList = new VirtualList(logEl, {
    rowHeight: LOG_ROW_HEIGHT,
    rowId: function (line) { return "log-line-" + line; },
    render: function (row, line) { logLineElement(row, line, true); },
  });

  // Fills `row` with log line `line`: its number, the call it belongs to, its text.
  function logLineElement(row, line, inList) {
    var level = log.levels.charAt(line), owner = log.owners[line], range = state.range;
    var inSelected = range !== null && line >= range[0] && line < range[1];
    row.className = "log-line" + (LEVEL_CLASS[level] ? " " + LEVEL_CLASS[level] : "")
      + (inSelected ? " in-call" : "") + (inList && line === state.logCursor ? " cursor" : "");
    var parts = cells(row, ["log-number", "log-call", "log-text"]);
    parts[0].textContent = String(line + 1);
    parts[1].textContent = owner >= 0 ? stepName(calls[owner]) : "";
    parts[1].title = owner >= 0
      ? "During call " + stepName(calls[owner]) + " (" + calls[owner].cmd + "): open it" : "";
    parts[2].textContent = log.lines[line];
    if (inList) {
      row.setAttribute("role", "option");
      row.setAttribute("aria-selected", line === state.logCursor ? "true" : "false");
      row.setAttribute("aria-label", "Line " + (line + 1)
        + (LEVEL_WORD[level] ? ", " + LEVEL_WORD[level] : "")
        + (owner >= 0 ? ", during call " + stepName(calls[owner]) : "") + ": " + log.lines[line]);
    }
    return row;
  }

  function moveLogCursor(line) {
    if (!log.lines.length) return;
    state.logCursor = Math.max(0, Math.min(log.lines.length - 1, line));
    logList.reveal(state.logCursor);
    logList.refresh();
    logEl.setAttribute("aria-activedescendant", "log-line-" + state.logCursor);
  }

  function openLogLine(line) {
    var owner = log.owners[line];
    if (owner === undefined || owner < 0) {
      say("Line " + (line + 1) + " was logged outside any call.");
      return;
    }
    select(owner, { center: true, fromLog: true });
  }

  function nextLogError(direction) {
    for (var i = state.logCursor + direction; i >= 0 && i < log.lines.length; i += direction) {
      var level = log.levels.charAt(i);
      if (level === "E" || level === "W") { moveLogCursor(i); logEl.focus(); return; }
    }
    say("No " + (direction > 0 ? "later" : "earlier") + " error or warning in the log.");
  }

  function renderLogStats() {
    $("log-stats").textContent = plural(log.lines.length, "line") + ", "
      + plural(logCounts.E, "error") + ", " + plural(logCounts.W, "warning");
    logList.setCount(log.lines.length);
  }

  // --- keyboard and mouse ------------------------------------------------------------------

  // Keys of the focused list (timeline or log): move, jump, open.
  function listKey(key, inLog) {
    var move = inLog ? function (delta) { moveLogCursor(state.logCursor + delta); } : moveSelection;
    var list = inLog ? logList : timeline;
    var size = inLog ? log.lines.length : state.rows.length;
    switch (key) {
      case "ArrowDown": case "j": move(1); return true;
      case "ArrowUp": case "k": move(-1); return true;
      case "PageDown": move(list.pageSize()); return true;
      case "PageUp": move(-list.pageSize()); return true;
      case "Home": move(-size); return true;
      case "End": move(size); return true;
      case "ArrowRight": if (!inLog) intoStep(); return !inLog;
      case "ArrowLeft": if (!inLog) outOfStep(); return !inLog;
      case " ":
        if (inLog || state.selected === null) return false;
        setOpen(state.selected, !isOpen(state.selected));
        return true;
      case "Enter":
        if (inLog) openLogLine(state.logCursor); else $("snapshot-pane").focus();
        return true;
      default: return false;
    }
  }

  // Keys that work wherever the focus is (except the list keys above).
  function globalKey(event, inLog) {
    switch (event.key) {
      case "j": moveSelection(1); return true;
      case "k": moveSelection(-1); return true;
      case "e": if (inLog) nextLogError(1); else selectError(1); return true;
      case "E": if (inLog) nextLogError(-1); else selectError(-1); return true;
      case "a": setShowAll(!state.showAll); return true;
      case "w": setWhole(!state.whole); return true;
      case "l": focusLog(); return true;
      case "t": case "Escape": $("keys-help").open = false; timelineEl.focus(); return true;
      case "?": $("keys-help").open = !$("keys-help").open; return true;
      default: return false;
    }
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var active = document.activeElement;
    var inLog = active === logEl;
    var handled = (active === timelineEl || inLog) && listKey(event.key, inLog);
    if (!handled) handled = globalKey(event, inLog);
    if (handled) event.preventDefault();
  }

  function focusLog() {
    if (state.logCursor < 0) moveLogCursor(state.range ? state.range[0] : 0);
    logEl.focus();
  }

  function setWhole(whole) {
    state.whole = whole;
    $("whole-snapshot").checked = whole;
    if (state.selected !== null) renderSnapshot(subjectOf(state.selected));
  }

  function wireEvents() {
    document.addEventListener("keydown", onKey);
    timelineEl.addEventListener("click", function (event) {
      var row = timeline.indexOf(event.target);
      if (row < 0) return;
      var ref = state.rows[row];
      if (event.target.classList.contains("tl-twisty")) setOpen(ref, !isOpen(ref));
      select(ref);
    });
    timelineEl.addEventListener("dblclick", function (event) {
      var row = timeline.indexOf(event.target);
      if (row >= 0 && !event.target.classList.contains("tl-twisty")) {
        setOpen(state.rows[row], !isOpen(state.rows[row]));
      }
    });
    logEl.addEventListener("click", function (event) {
      var line = logList.indexOf(event.target);
      if (line < 0) return;
      moveLogCursor(line);
      if (event.target.classList.contains("log-call")) openLogLine(line);
    });
    logEl.addEventListener("focus", function () {
      // Without scrolling: a click that focused the log must land where it was aimed.
      if (state.logCursor < 0) moveLogCursor(logList.firstInView());
    });
    $("show-all").addEventListener("change", function (event) {
      setShowAll(event.target.checked);
    });
    $("whole-snapshot").addEventListener("change", function (event) {
      setWhole(event.target.checked);
    });
    $("prev-log-error").addEventListener("click", function () { nextLogError(-1); });
    $("next-log-error").addEventListener("click", function () { nextLogError(1); });
    document.addEventListener("DOMContentLoaded", function () {
      // The pictures come after this script; draw the one that was missing.
      if (state.shotPending) renderScreenshot(subjectOf(state.selected));
    });
  }

  // The entry to open on: the one in the URL (#step=N, #call=N), else the one the trace
  // says (the failed step, or the first failed call, ...).
  function firstEntry() {
    var match = /(step|call)=(\d+)/.exec(location.hash);
    if (match) {
      var wanted = Number(match[2]), found = null;
      if (match[1] === "step") {
        steps.forEach(function (step, number) { if (step.record.step === wanted) found = -1 - number; });
      }
      if (found === null) {  // #call=N, and a format-1 page's #step=N
        calls.forEach(function (call, pos) { if (found === null && call.index === wanted) found = pos; });
      }
      if (found !== null) return found;
    }
    return typeof data.open === "number" ? data.open : null;
  }

  function start() {
    renderHeader();
    renderLogStats();
    wireEvents();
    var first = firstEntry();  // before anything selected writes its own #step= into the URL
    if (first !== null && hasError(first) && hasChildren(first)) {
      state.expanded[first] = true;  // a failed step opens on its calls
    }
    layout();
    if (first !== null) {
      select(first, { center: true });
    } else {
      $("summary").appendChild(el("p", "note", "This trace has no calls."));
    }
    timelineEl.focus({ preventScroll: true });  // the keys work at once
    performance.mark("trace-viewer-ready");
    document.documentElement.dataset.ready = "true";
  }

  start();
})();
