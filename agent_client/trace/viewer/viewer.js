// The trace viewer: a timeline of steps, and for the selected one its snapshot diff,
// screenshot, events, log lines and JSON; the whole engine log below. The data is the JSON
// block #trace-data written by agent_client/_trace_view.py; pictures are #shot-N blocks.
"use strict";

(function () {
  var ROW_HEIGHT = 26, LOG_ROW_HEIGHT = 18, CONTEXT = 3;
  var MAX_LOG_EXCERPT = 400, MAX_JSON_CHARS = 200000;

  // Marks and measures named trace-viewer-* are read by bench/bench_trace_view.py.
  performance.mark("trace-viewer-start");
  var data = JSON.parse(document.getElementById("trace-data").textContent);
  performance.mark("trace-viewer-data");
  var calls = data.calls, views = data.views, log = data.log;
  var snapshotLines = data.snapshot_lines;

  var state = {
    showAll: false,
    order: [],          // call positions the timeline shows
    rowOf: {},          // call position -> timeline row
    selected: -1,       // call position
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

  // --- what a call is -------------------------------------------------------------------

  function isAction(call) { return call.action === true; }
  function failed(call) { return call.ok === false || call.ok === null; }
  function hasError(pos) { return failed(calls[pos]) || views[pos].errors > 0; }

  function stepName(call) { return "#" + (call.index !== undefined ? call.index : "?"); }

  function durationMs(call) {
    return typeof call.t === "number" && typeof call.t_end === "number"
      ? (call.t_end - call.t) * 1000 : null;
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

  function snapshotOf(id) {
    return typeof id === "number" ? data.snapshots[String(id)] || null : null;
  }

  var maxDuration = calls.reduce(function (most, call) {
    return Math.max(most, durationMs(call) || 0);
  }, 0) || 1;

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

  // --- header ----------------------------------------------------------------------------

  function renderHeader() {
    var meta = data.meta, end = data.end;
    var title = [meta.title, meta.game].filter(Boolean).join(" \u2014 ") || data.file;
    $("trace-title").textContent = title;
    var badge = $("end-status");
    badge.textContent = data.cut_off ? "cut off" : String(end.reason || "closed");
    badge.className = "badge " + (data.cut_off ? "bad" : end.reason === "closed" ? "good" : "bad");
    var actions = calls.filter(isAction).length;
    var failures = calls.filter(failed).length;
    var lastT = data.cut_off ? calls.reduce(function (t, call) {
      return Math.max(t, call.t_end || call.t || 0);
    }, 0) : end.t;
    var engine = [meta.engine, meta.engine_version].filter(Boolean).join(" ");
    var rows = [
      ["Game", meta.game], ["Test", meta.title], ["Engine", engine],
      ["Protocol", meta.protocol], ["Started", meta.started],
      ["Length", typeof lastT === "number" ? formatMs(lastT * 1000) : null],
      ["Steps", actions + " actions, " + calls.length + " calls"],
      ["Failed calls", failures], ["Log errors", logCounts.E], ["File", data.file],
      ["Session", meta.session],
    ];
    var list = $("meta");
    rows.forEach(function (row) {
      if (row[1] === undefined || row[1] === null || row[1] === "") return;
      var item = el("div", row[0] === "Failed calls" && failures ? "bad" : "");
      item.appendChild(el("dt", "", row[0]));
      item.appendChild(el("dd", "", row[1]));
      list.appendChild(item);
    });
    renderBanners();
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

  // --- timeline --------------------------------------------------------------------------

  var timelineEl = $("timeline");
  var timeline = new VirtualList(timelineEl, {
    rowHeight: ROW_HEIGHT,
    rowId: function (row) { return "step-row-" + row; },
    render: renderStep,
  });

  var STEP_CELLS = ["tl-mark", "tl-index", "tl-cmd", "tl-args", "tl-frame", "tl-bar", "tl-ms"];

  function renderStep(row, index) {
    var pos = state.order[index], call = calls[pos], view = views[pos];
    var bad = failed(call), logErrors = view.errors > 0;
    row.className = "tl-row" + (isAction(call) ? "" : " other") + (bad ? " fail" : "")
      + (logErrors ? " log-error" : "") + (pos === state.selected ? " selected" : "");
    row.setAttribute("role", "option");
    row.setAttribute("aria-selected", pos === state.selected ? "true" : "false");
    row.setAttribute("aria-posinset", String(index + 1));
    row.setAttribute("aria-setsize", String(state.order.length));
    row.dataset.pos = String(pos);
    var ms = durationMs(call), args = argsSummary(call.args);
    var parts = cells(row, STEP_CELLS);
    parts[0].textContent = bad ? "\u2716" : logErrors ? "\u26a0" : "";
    parts[1].textContent = stepName(call);
    parts[2].textContent = call.cmd;
    parts[3].textContent = args;
    parts[4].textContent = typeof call.frame === "number" ? "f" + call.frame : "";
    // The bar's length grows with the square root of the duration: long waits stay on scale.
    parts[5].style.width = ms === null ? "0" : Math.max(2, Math.sqrt(ms / maxDuration) * 40) + "px";
    parts[6].textContent = formatMs(ms);
    var label = "Step " + stepName(call) + ": " + call.cmd + (args ? " " + args : "")
      + (typeof call.frame === "number" ? ", frame " + call.frame : "") + ", " + formatMs(ms)
      + (bad ? ", failed: " + outcome(call) : "") + (logErrors ? ", " + view.errors
      + " log error" + (view.errors > 1 ? "s" : "") : "");
    row.setAttribute("aria-label", label);
    row.title = label;
  }

  function setShowAll(showAll) {
    state.showAll = showAll;
    $("show-all").checked = showAll;
    state.order = [];
    state.rowOf = {};
    calls.forEach(function (call, pos) {
      if (showAll || isAction(call)) {
        state.rowOf[pos] = state.order.length;
        state.order.push(pos);
      }
    });
    $("timeline-heading").textContent = (showAll ? "All calls" : "Actions")
      + " (" + state.order.length + ")";
    timeline.setCount(state.order.length);
    var empty = $("timeline-empty");
    empty.hidden = state.order.length > 0;
    empty.textContent = calls.length ? "No actions: press a to show all " + calls.length + " calls."
      : "This trace has no calls.";
    if (!state.order.length) return;
    // Keep the selected call when it is still listed, else the nearest listed one before it.
    if (!(state.selected in state.rowOf)) {
      var nearest = state.order[0];
      state.order.forEach(function (pos) { if (pos <= state.selected) nearest = pos; });
      select(nearest);
    } else {
      select(state.selected);
    }
  }

  // Selects a call: marks its row, keeps it in view and shows its details.
  function select(pos, options) {
    options = options || {};
    if (pos < 0 || pos >= calls.length) return;
    var started = performance.now();
    if (!(pos in state.rowOf)) setShowAll(true);
    var row = state.rowOf[pos];
    state.selected = pos;
    timeline.reveal(row, options.center);
    timeline.refresh();
    timelineEl.setAttribute("aria-activedescendant", "step-row-" + row);
    state.unfolded = {};
    scheduleDetails(options.fromLog);
    rememberStep(calls[pos].index);
    measure("trace-viewer-select", started);
  }

  // Puts the step in the URL (#step=N) once the selection rests: browsers refuse a flood of
  // history changes, as holding a key down would make.
  function rememberStep(index) {
    clearTimeout(rememberStep.timer);
    rememberStep.timer = setTimeout(function () {
      try { history.replaceState(null, "", "#step=" + index); } catch (ignored) { /* opaque */ }
    }, 300);
  }

  function moveSelection(delta) {
    if (!state.order.length) return;
    var row = state.rowOf[state.selected];
    var next = Math.max(0, Math.min(state.order.length - 1, (row === undefined ? 0 : row) + delta));
    select(state.order[next]);
  }

  function selectError(direction) {
    var row = state.selected in state.rowOf ? state.rowOf[state.selected] : -1;
    for (var i = row + direction; i >= 0 && i < state.order.length; i += direction) {
      if (hasError(state.order[i])) { select(state.order[i], { center: true }); return; }
    }
    say(direction > 0 ? "No later step with an error." : "No earlier step with an error.");
  }

  // --- details of the selected call -------------------------------------------------------

  function scheduleDetails(fromLog) {
    // Holding a key moves many rows a frame; only the last one's details are drawn.
    cancelAnimationFrame(state.detailsFrame);
    state.detailsFrame = requestAnimationFrame(function () { renderDetails(fromLog); });
  }

  function renderDetails(fromLog) {
    var pos = state.selected;
    if (pos < 0) return;
    var call = calls[pos], view = views[pos], started = performance.now();
    renderSummary(call);
    renderSnapshot(call);
    renderScreenshot(call, view);
    renderEvents(call, pos);
    renderCallLog(view);
    renderJson(call);
    logList.refresh();
    if (!fromLog && view.log && view.log[1] > view.log[0]) logList.reveal(view.log[0], true);
    document.body.dataset.step = String(call.index);
    measure("trace-viewer-details", started);
    if (!performance.getEntriesByName("trace-viewer-step").length) {
      performance.mark("trace-viewer-step");
    }
  }

  function renderSummary(call) {
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
    facts.push("took " + formatMs(durationMs(call)));
    if (call.data && typeof call.data.target === "string") facts.push("target " + call.data.target);
    if (!isAction(call)) facts.push("not an action");
    box.appendChild(el("div", "summary-facts", facts.join(" \u00b7 ")));
    if (call.error) box.appendChild(el("div", "summary-error", call.error));
    if (call.data_truncated) note(box, "The answer's data was cut short when recorded.");
  }

  // Snapshot pane: the diff from the snapshot before to the one after.
  function renderSnapshot(call) {
    var box = $("snapshot-diff"), stats = $("diff-stats");
    box.textContent = "";
    stats.textContent = "";
    var before = snapshotOf(call.before), after = snapshotOf(call.after);
    var sides = [["before", call.before, before], ["after", call.after, after]];
    var missing = sides.filter(function (side) { return typeof side[1] === "number" && !side[2]; });
    missing.forEach(function (side) {
      note(box, "The snapshot " + side[0] + " (id " + side[1] + ") is not in the trace.");
    });
    if (!before && !after) {
      if (!missing.length) note(box, "No snapshot was taken around this call.");
      return;
    }
    if (!before || !after) {
      note(box, "Only the snapshot " + (before ? "before" : "after") + " this call was taken:");
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
    var rows = state.whole || (!added && !removed) ? result.ops.map(function (op, i) { return i; })
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
          renderSnapshot(calls[state.selected]);
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

  // Screenshot pane: the picture after the call, the target's rect drawn over it.
  function renderScreenshot(call, view) {
    var box = $("screenshot");
    box.textContent = "";
    state.shotPending = false;
    var rect = call.target_rect;
    var rectText = rect
      ? "target at (" + rect.x + ", " + rect.y + "), " + rect.w + "\u00d7" + rect.h : "";
    if (view.shot < 0) {
      box.appendChild(el("p", "note", "No screenshot after this call" +
        (typeof call.screenshot === "string" ? " (its picture is not in the trace)." : ".")
        + (rectText ? " The " + rectText + "." : "")));
      return;
    }
    var block = document.getElementById("shot-" + view.shot);
    if (!block) {
      state.shotPending = true;
      note(box, "Loading the picture\u2026");
      return;
    }
    var shot = data.shots[view.shot];
    var figure = el("figure", "shot");
    var frame = el("div", "shot-frame");
    var img = el("img", "shot-img");
    img.id = "shot-img";
    img.alt = "Screenshot after step " + stepName(call) + (rectText ? ", " + rectText : "");
    img.src = "data:image/png;base64," + block.textContent;
    frame.appendChild(img);
    if (rect && shot.width && shot.height) frame.appendChild(targetMark(rect, shot));
    figure.appendChild(frame);
    figure.appendChild(el("figcaption", "", "After " + stepName(call) + " \u00b7 " + shot.width
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

  // Events pane: the call's events, events that came on their own after it, its changes.
  function renderEvents(call, pos) {
    var box = $("events");
    box.textContent = "";
    var events = Array.isArray(call.events) ? call.events : [];
    box.appendChild(eventTable(events, "Events on the answer (" + events.length + ")"));
    var loose = data.loose_events.filter(function (item) { return item.after === pos; });
    if (loose.length) {
      box.appendChild(eventTable(loose.map(function (item) { return item.event || {}; }),
        "Events that arrived on their own after this call (" + loose.length + ")"));
    }
    var changes = call.changes || (call.data && call.data.changes);
    if (changes) box.appendChild(changesBlock(changes));
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

  function renderCallLog(view) {
    var box = $("call-log");
    box.textContent = "";
    if (!view.log || view.log[1] <= view.log[0]) {
      note(box, view.log ? "Nothing was logged during this call."
        : "No log range was recorded for this call.");
      return;
    }
    var end = Math.min(view.log[1], view.log[0] + MAX_LOG_EXCERPT);
    for (var i = view.log[0]; i < end; i++) box.appendChild(logLineElement(el("div"), i, false));
    if (end < view.log[1]) note(box, (view.log[1] - end) + " more lines in the engine log below.");
  }

  // JSON pane: the request as sent, the answer as received, and the whole trace record.
  var RESPONSE_KEYS = ["id", "ok", "data", "data_truncated", "code", "error", "frame", "events"];

  function renderJson(call) {
    var box = $("json");
    box.textContent = "";
    var request = { id: call.id, cmd: call.cmd, args: call.args };
    var response = {};
    RESPONSE_KEYS.forEach(function (key) { if (key in call) response[key] = call[key]; });
    box.appendChild(jsonBlock("Request", "request-json", request));
    box.appendChild(jsonBlock("Response", "response-json", response));
    var record = el("details", "record");
    record.appendChild(el("summary", "", "Trace record (every key)"));
    record.addEventListener("toggle", function () {
      // Drawn when opened: the whole record can be large.
      if (record.open && record.childNodes.length === 1) {
        record.appendChild(jsonPre("record-json", call));
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

  // Fills `row` with log line `line`: its number, the step it belongs to, its text.
  function logLineElement(row, line, inList) {
    var level = log.levels.charAt(line), owner = log.owners[line];
    row.className = "log-line" + (LEVEL_CLASS[level] ? " " + LEVEL_CLASS[level] : "")
      + (owner >= 0 && owner === state.selected ? " in-call" : "")
      + (inList && line === state.logCursor ? " cursor" : "");
    var parts = cells(row, ["log-number", "log-call", "log-text"]);
    parts[0].textContent = String(line + 1);
    parts[1].textContent = owner >= 0 ? stepName(calls[owner]) : "";
    parts[1].title = owner >= 0
      ? "During step " + stepName(calls[owner]) + " (" + calls[owner].cmd + "): open it" : "";
    parts[2].textContent = log.lines[line];
    if (inList) {
      row.setAttribute("role", "option");
      row.setAttribute("aria-selected", line === state.logCursor ? "true" : "false");
      row.setAttribute("aria-label", "Line " + (line + 1)
        + (LEVEL_WORD[level] ? ", " + LEVEL_WORD[level] : "")
        + (owner >= 0 ? ", during step " + stepName(calls[owner]) : "") + ": " + log.lines[line]);
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
    var size = inLog ? log.lines.length : state.order.length;
    switch (key) {
      case "ArrowDown": case "j": move(1); return true;
      case "ArrowUp": case "k": move(-1); return true;
      case "PageDown": move(list.pageSize()); return true;
      case "PageUp": move(-list.pageSize()); return true;
      case "Home": move(-size); return true;
      case "End": move(size); return true;
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
    if (state.logCursor < 0) {
      var view = state.selected >= 0 ? views[state.selected] : null;
      moveLogCursor(view && view.log && view.log[1] > view.log[0] ? view.log[0] : 0);
    }
    logEl.focus();
  }

  function setWhole(whole) {
    state.whole = whole;
    $("whole-snapshot").checked = whole;
    if (state.selected >= 0) renderSnapshot(calls[state.selected]);
  }

  function wireEvents() {
    document.addEventListener("keydown", onKey);
    timelineEl.addEventListener("click", function (event) {
      var row = timeline.indexOf(event.target);
      if (row >= 0) select(state.order[row]);
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
      if (state.shotPending) renderScreenshot(calls[state.selected], views[state.selected]);
    });
  }

  // The step to open on: the one in the URL, else the first failed call, else the first action.
  function firstStep() {
    var match = /step=(\d+)/.exec(location.hash);
    var wanted = match ? Number(match[1]) : null;
    var found = -1;
    calls.forEach(function (call, pos) {
      if (found < 0 && wanted !== null && call.index === wanted) found = pos;
    });
    if (found >= 0) return found;
    for (var pos = 0; pos < calls.length; pos++) if (failed(calls[pos])) return pos;
    for (pos = 0; pos < calls.length; pos++) if (isAction(calls[pos])) return pos;
    return calls.length ? 0 : -1;
  }

  function start() {
    renderHeader();
    renderLogStats();
    wireEvents();
    var first = firstStep();  // before anything selected writes its own #step= into the URL
    setShowAll(false);
    if (first >= 0) select(first, { center: true });
    else $("summary").appendChild(el("p", "note", "This trace has no calls."));
    timelineEl.focus({ preventScroll: true });  // the keys work at once
    performance.mark("trace-viewer-ready");
    document.documentElement.dataset.ready = "true";
  }

  start();
})();
