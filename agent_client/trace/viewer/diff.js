// A line diff (Myers' O((N+M)D) algorithm) over arrays of comparable items: the viewer passes
// snapshot lines as numbers, so comparing two lines is comparing two integers.
"use strict";

var TraceDiff = (function () {
  var SAME = 0, REMOVED = -1, ADDED = 1;
  // Past this many edits the exact diff costs too much memory (it keeps D^2/2 numbers);
  // the changed middle is then shown as removed-then-added.
  var MAX_EDITS = 2000;

  // The shortest edit script between the two middles a[aLo..aHi) and b[bLo..bHi), as ops
  // [kind, aIndex, bIndex] in order, or null when it needs more than maxEdits edits.
  function shortestEdits(a, aLo, aHi, b, bLo, bHi, maxEdits) {
    var n = aHi - aLo, m = bHi - bLo, most = Math.min(n + m, maxEdits);
    var offset = most + 1;
    var v = new Int32Array(2 * most + 3);  // v[k + offset]: furthest x on diagonal k
    var rounds = [];                      // v after each round d, for k in [-d, d]
    for (var d = 0; d <= most; d++) {
      for (var k = -d; k <= d; k += 2) {
        var x = (k === -d || (k !== d && v[k - 1 + offset] < v[k + 1 + offset]))
          ? v[k + 1 + offset] : v[k - 1 + offset] + 1;
        var y = x - k;
        while (x < n && y < m && a[aLo + x] === b[bLo + y]) { x++; y++; }
        v[k + offset] = x;
        if (x >= n && y >= m) {
          rounds.push(v.slice(offset - d, offset + d + 1));
          return walkBack(rounds, n, m, aLo, bLo);
        }
      }
      rounds.push(v.slice(offset - d, offset + d + 1));
    }
    return null;
  }

  // Follows the rounds back from (n, m) to (0, 0), collecting the ops in reverse.
  function walkBack(rounds, n, m, aLo, bLo) {
    var ops = [], x = n, y = m;
    for (var d = rounds.length - 1; d > 0; d--) {
      var prev = rounds[d - 1], k = x - y;
      // prev[k + d - 1] is round d-1's value for diagonal k.
      var down = k === -d || (k !== d && prev[k - 1 + d - 1] < prev[k + 1 + d - 1]);
      var prevK = down ? k + 1 : k - 1;
      var prevX = prev[prevK + d - 1], prevY = prevX - prevK;
      while (x > prevX && y > prevY) { x--; y--; ops.push([SAME, aLo + x, bLo + y]); }
      if (down) { y--; ops.push([ADDED, -1, bLo + y]); }
      else { x--; ops.push([REMOVED, aLo + x, -1]); }
    }
    while (x > 0 && y > 0) { x--; y--; ops.push([SAME, aLo + x, bLo + y]); }
    return ops.reverse();
  }

  // The ops turning a into b. result.exact is false when the middle was too different
  // for an exact diff and is shown as a block replaced.
  function diff(a, b, maxEdits) {
    var limit = maxEdits === undefined ? MAX_EDITS : maxEdits;
    var start = 0, aEnd = a.length, bEnd = b.length;
    // Common head and tail first: most steps change a few lines of a long snapshot.
    while (start < aEnd && start < bEnd && a[start] === b[start]) start++;
    while (aEnd > start && bEnd > start && a[aEnd - 1] === b[bEnd - 1]) { aEnd--; bEnd--; }
    var ops = [], i;
    for (i = 0; i < start; i++) ops.push([SAME, i, i]);
    var middle = shortestEdits(a, start, aEnd, b, start, bEnd, limit);
    var exact = middle !== null;
    if (middle === null) {
      middle = [];
      for (i = start; i < aEnd; i++) middle.push([REMOVED, i, -1]);
      for (i = start; i < bEnd; i++) middle.push([ADDED, -1, i]);
    }
    for (i = 0; i < middle.length; i++) ops.push(middle[i]);
    for (i = 0; aEnd + i < a.length; i++) ops.push([SAME, aEnd + i, bEnd + i]);
    return { ops: ops, exact: exact };
  }

  // Groups ops for display: changed ops and `context` unchanged ones around them stay;
  // longer unchanged runs become {fold: count, from: index into ops}.
  function fold(ops, context) {
    var rows = [], run = [];
    function flush(atEnd) {
      var keepHead = rows.length ? context : 0, keepTail = atEnd ? 0 : context;
      if (run.length <= keepHead + keepTail + 1) { rows.push.apply(rows, run); run = []; return; }
      rows.push.apply(rows, run.slice(0, keepHead));
      rows.push({ fold: run.length - keepHead - keepTail, from: run[keepHead] });
      rows.push.apply(rows, run.slice(run.length - keepTail));
      run = [];
    }
    for (var i = 0; i < ops.length; i++) {
      if (ops[i][0] === SAME) { run.push(i); continue; }
      if (run.length) flush(false);
      rows.push(i);
    }
    if (run.length) flush(true);
    return rows;
  }

  return { diff: diff, fold: fold, SAME: SAME, REMOVED: REMOVED, ADDED: ADDED };
})();
