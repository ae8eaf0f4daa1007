// A virtual list: only the rows in view (and a few around them) exist in the DOM, so a
// timeline of thousands of steps or a log of a hundred thousand lines opens and scrolls fast.
"use strict";

var VirtualList = (function () {
  var OVERSCAN = 8;

  // container: the scrolling element. options.rowHeight: pixels a row;
  // options.render(element, index): fills a row element; options.rowId(index): its id.
  function VirtualList(container, options) {
    this.container = container;
    this.rowHeight = options.rowHeight;
    this.renderRow = options.render;
    this.rowId = options.rowId;
    this.count = 0;
    this.version = 0;        // bumped by refresh(): every row is filled again
    this.rows = [];          // pool of row elements
    this.spacer = document.createElement("div");
    this.spacer.className = "vlist-spacer";
    container.appendChild(this.spacer);
    var self = this;
    container.addEventListener("scroll", function () { self.draw(); }, { passive: true });
    if (window.ResizeObserver) new ResizeObserver(function () { self.draw(); }).observe(container);
  }

  VirtualList.prototype.setCount = function (count) {
    this.count = count;
    this.spacer.style.height = count * this.rowHeight + "px";
    this.refresh();
  };

  VirtualList.prototype.refresh = function () {
    this.version++;
    this.draw();
  };

  // Places and fills the rows in view; rows already showing their index are left alone.
  VirtualList.prototype.draw = function () {
    var top = this.container.scrollTop;
    var height = this.container.clientHeight || this.rowHeight * 20;
    var first = Math.max(0, Math.floor(top / this.rowHeight) - OVERSCAN);
    var last = Math.min(this.count, Math.ceil((top + height) / this.rowHeight) + OVERSCAN);
    var needed = Math.max(0, last - first);
    while (this.rows.length < needed) {
      var row = document.createElement("div");
      row.dataset.index = "-1";
      this.container.appendChild(row);
      this.rows.push(row);
    }
    for (var i = 0; i < this.rows.length; i++) {
      var element = this.rows[i];
      // Row i of the pool always shows an index congruent to i, so scrolling by one row
      // moves one element instead of refilling them all.
      var index = first + ((i - first) % this.rows.length + this.rows.length) % this.rows.length;
      if (index >= last) {
        element.hidden = true;
        element.dataset.index = "-1";
        element.removeAttribute("id");  // a hidden row must not answer to its old id
        continue;
      }
      element.hidden = false;
      if (element.dataset.index !== String(index) || element._version !== this.version) {
        element.dataset.index = String(index);
        element._version = this.version;
        element.id = this.rowId(index);
        element.style.transform = "translateY(" + index * this.rowHeight + "px)";
        this.renderRow(element, index);
      }
    }
  };

  // Scrolls so that row `index` is in view (the least scrolling that does it) and draws it.
  VirtualList.prototype.reveal = function (index, center) {
    var top = index * this.rowHeight, view = this.container.clientHeight;
    var scroll = this.container.scrollTop;
    if (center) this.container.scrollTop = Math.max(0, top - (view - this.rowHeight) / 2);
    else if (top < scroll) this.container.scrollTop = top;
    else if (top + this.rowHeight > scroll + view) {
      this.container.scrollTop = top + this.rowHeight - view;
    }
    this.draw();
  };

  VirtualList.prototype.firstInView = function () {
    return Math.min(this.count - 1, Math.ceil(this.container.scrollTop / this.rowHeight));
  };

  VirtualList.prototype.pageSize = function () {
    return Math.max(1, Math.floor(this.container.clientHeight / this.rowHeight) - 1);
  };

  // The row index of an element inside the list (for clicks), or -1.
  VirtualList.prototype.indexOf = function (target) {
    while (target && target !== this.container) {
      if (target.parentNode === this.container && target.dataset.index) {
        return Number(target.dataset.index);
      }
      target = target.parentNode;
    }
    return -1;
  };

  return VirtualList;
})();
