// memlens plan page: the block chart's mouse and keys: hover, click to select, wheel zoom,
// drag and arrow keys to pan.
'use strict';

// The topmost block under a point, -1 for none.
ML.Chart.prototype.hit = function (x, y) {
    if (!this.model)
        return -1;
    const p = this.plot();
    if (x < p.left || x > p.left + p.width || y < p.top || y > p.top + p.height)
        return -1;
    const m = this.model;
    const box = {x0: 0, x1: 0, y0: 0, y1: 0};
    const op = this.opAt(x, p);
    const slack = 2 * (this.view.x1 - this.view.x0) / p.width;
    let found = -1;
    let best = Infinity;
    const self = this;
    m.blocksNear(op - slack, op + slack, function (i) {
        if (m.x1[i] < op - slack)
            return;
        self.box(i, p, box);
        if (x < box.x0 - 1 || x > box.x1 + 1 || y < box.y0 - 1 || y > box.y1 + 1)
            return;
        // Prefer the block truly under the point, then the smallest.
        const inside = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
        const area = (box.x1 - box.x0) * (box.y1 - box.y0) + (inside ? 0 : 1e12);
        if (area < best) {
            best = area;
            found = i;
        }
    });
    return found;
};

ML.Chart.prototype.localPoint = function (event) {
    const rect = this.canvas.getBoundingClientRect();
    return {x: event.clientX - rect.left, y: event.clientY - rect.top};
};

ML.Chart.prototype.setHover = function (i, event) {
    if (i !== this.hover) {
        this.hover = i;
        this.redraw();
    }
    if (i < 0 || !event) {
        this.tooltip.hidden = true;
        return;
    }
    ML.clear(this.tooltip);
    for (const line of this.app.blockFacts(i))
        this.tooltip.appendChild(ML.el('div', line.className || '', line.text));
    this.tooltip.hidden = false;
    const width = this.tooltip.offsetWidth;
    const height = this.tooltip.offsetHeight;
    let left = event.clientX + 14;
    let top = event.clientY + 14;
    if (left + width > window.innerWidth - 4)
        left = Math.max(4, event.clientX - width - 14);
    if (top + height > window.innerHeight - 4)
        top = Math.max(4, event.clientY - height - 14);
    this.tooltip.style.left = left + 'px';
    this.tooltip.style.top = top + 'px';
};

ML.Chart.prototype.onWheel = function (event) {
    event.preventDefault();
    const p = this.plot();
    const point = this.localPoint(event);
    const factor = Math.pow(1.0015, event.deltaY);
    if (event.shiftKey)
        this.zoomY(factor, this.bytesAt(point.y, p));
    else
        this.zoomX(factor, this.opAt(point.x, p));
};

ML.Chart.prototype.zoomX = function (factor, around) {
    const v = this.view;
    const m = this.model;
    const full = m.lastOp + 1 - m.firstOp;
    let span = (v.x1 - v.x0) * factor;
    span = Math.min(Math.max(span, 4), full * 1.2);
    const t = (around - v.x0) / (v.x1 - v.x0);
    v.x0 = around - t * span;
    v.x1 = v.x0 + span;
    this.changed();
};

ML.Chart.prototype.zoomY = function (factor, around) {
    const v = this.view;
    let span = (v.y1 - v.y0) * factor;
    span = Math.max(span, 64);
    const t = (around - v.y0) / (v.y1 - v.y0);
    v.y0 = Math.max(0, around - t * span);
    v.y1 = v.y0 + span;
    this.changed();
};

ML.Chart.prototype.panBy = function (dxOps, dyBytes) {
    this.moving = this.model.count >= 50000;
    const v = this.view;
    v.x0 += dxOps;
    v.x1 += dxOps;
    const dy = Math.max(-v.y0, dyBytes);
    v.y0 += dy;
    v.y1 += dy;
    this.changed();
};

ML.Chart.prototype.onDown = function (event) {
    if (event.button !== 0)
        return;
    this.canvas.focus();
    const point = this.localPoint(event);
    this.drag = {x: point.x, y: point.y, moved: false};
    event.preventDefault();
};

ML.Chart.prototype.onMove = function (event) {
    const point = this.localPoint(event);
    if (this.drag) {
        const dx = point.x - this.drag.x;
        const dy = point.y - this.drag.y;
        if (!this.drag.moved && Math.abs(dx) + Math.abs(dy) < 4)
            return;
        this.drag.moved = true;
        const p = this.plot();
        this.drag.x = point.x;
        this.drag.y = point.y;
        this.tooltip.hidden = true;
        this.panBy(-dx * (this.view.x1 - this.view.x0) / p.width, dy * (this.view.y1 - this.view.y0) / p.height);
        return;
    }
    if (event.target !== this.canvas) {
        if (this.hover >= 0)
            this.setHover(-1, null);
        return;
    }
    this.setHover(this.hit(point.x, point.y), event);
};

ML.Chart.prototype.onUp = function (event) {
    if (!this.drag)
        return;
    const moved = this.drag.moved;
    this.drag = null;
    if (moved || event.target !== this.canvas)
        return;
    const point = this.localPoint(event);
    const i = this.hit(point.x, point.y);
    if (i >= 0)
        this.app.select(i, 'chart');
};

ML.Chart.prototype.onKey = function (event) {
    const v = this.view;
    const xs = (v.x1 - v.x0) * 0.1;
    const ys = (v.y1 - v.y0) * 0.1;
    const middle = (v.x0 + v.x1) / 2;
    switch (event.key) {
    case '+': case '=': this.zoomX(1 / 1.25, middle); break;
    case '-': case '_': this.zoomX(1.25, middle); break;
    case 'ArrowLeft': this.panBy(-xs, 0); break;
    case 'ArrowRight': this.panBy(xs, 0); break;
    case 'ArrowUp': this.panBy(0, ys); break;
    case 'ArrowDown': this.panBy(0, -ys); break;
    case '0': case 'Home': this.reset(); break;
    default: return;
    }
    event.preventDefault();
};

// Shows block `i` whole: zooms out when it lies outside the view.
ML.Chart.prototype.reveal = function (i) {
    const b = this.model.blocks;
    const v = this.view;
    if (b.start[i] >= v.x0 && b.end[i] + 1 <= v.x1 && b.offset[i] >= v.y0 && b.offset[i] + b.size[i] <= v.y1) {
        this.redraw();
        return;
    }
    const span = Math.max(v.x1 - v.x0, b.end[i] + 1 - b.start[i] + 2);
    v.x0 = (b.start[i] + b.end[i] + 1) / 2 - span / 2;
    v.x1 = v.x0 + span;
    const ySpan = Math.max(v.y1 - v.y0, b.size[i] * 1.2);
    v.y0 = Math.max(0, b.offset[i] + b.size[i] / 2 - ySpan / 2);
    v.y1 = v.y0 + ySpan;
    this.changed();
};
