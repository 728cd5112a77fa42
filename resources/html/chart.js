// memlens plan page: the block chart (x = Life in the op sequence, y = address) on a canvas.
// Blocks big enough are drawn as outlined rectangles, with their name where it fits; when many
// are small (zoomed out), they are rasterised into one image, each pixel written once or so.
'use strict';

ML.Chart = function (canvas, tooltip, app) {
    this.canvas = canvas;
    this.tooltip = tooltip;
    this.app = app;
    this.margin = {left: 76, right: 14, top: 10, bottom: 26};
    this.view = null; // {x0, x1, y0, y1}: ops [x0, x1), bytes [y0, y1)
    this.hover = -1;
    this.drag = null;
    this.listeners = [];
    this.pending = false;
    const self = this;
    canvas.addEventListener('wheel', function (event) { self.onWheel(event); }, {passive: false});
    canvas.addEventListener('mousedown', function (event) { self.onDown(event); });
    window.addEventListener('mousemove', function (event) { self.onMove(event); });
    window.addEventListener('mouseup', function (event) { self.onUp(event); });
    canvas.addEventListener('mouseleave', function () { self.setHover(-1, null); });
    canvas.addEventListener('keydown', function (event) { self.onKey(event); });
    window.addEventListener('resize', function () { self.redraw(); });
};

ML.Chart.prototype.setModel = function (model) {
    this.model = model;
    this.hover = -1;
    this.reset();
};

ML.Chart.prototype.reset = function () {
    const m = this.model;
    const top = Math.max(m.top, m.capacity || 0, 1);
    this.view = {x0: m.firstOp, x1: m.lastOp + 1, y0: 0, y1: top * 1.06};
    this.changed();
};

ML.Chart.prototype.onViewChange = function (listener) {
    this.listeners.push(listener);
};

ML.Chart.prototype.changed = function () {
    for (const listener of this.listeners)
        listener(this.view);
    this.redraw();
};

ML.Chart.prototype.redraw = function () {
    ML.scheduleDraw(this);
};

ML.Chart.prototype.plot = function () {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    return {
        left: this.margin.left,
        top: this.margin.top,
        width: Math.max(10, width - this.margin.left - this.margin.right),
        height: Math.max(10, height - this.margin.top - this.margin.bottom),
        cssWidth: width,
        cssHeight: height,
    };
};

ML.Chart.prototype.toX = function (op, p) {
    return p.left + (op - this.view.x0) * p.width / (this.view.x1 - this.view.x0);
};
ML.Chart.prototype.toY = function (bytes, p) {
    return p.top + p.height - (bytes - this.view.y0) * p.height / (this.view.y1 - this.view.y0);
};
ML.Chart.prototype.opAt = function (x, p) {
    return this.view.x0 + (x - p.left) * (this.view.x1 - this.view.x0) / p.width;
};
ML.Chart.prototype.bytesAt = function (y, p) {
    return this.view.y0 + (p.top + p.height - y) * (this.view.y1 - this.view.y0) / p.height;
};

// The pixel box block `i` is drawn in (every block at least 2 px tall, over capacity 3 px).
ML.Chart.prototype.box = function (i, p, out) {
    const b = this.model.blocks;
    let x0 = this.toX(b.start[i], p);
    let x1 = this.toX(b.end[i] + 1, p);
    let y0 = this.toY(b.offset[i] + b.size[i], p);
    let y1 = this.toY(b.offset[i], p);
    if (x1 - x0 < 1)
        x1 = x0 + 1;
    const least = this.model.isOver(i) ? 3 : 2;
    if (y1 - y0 < least)
        y0 = y1 - least;
    out.x0 = x0;
    out.x1 = x1;
    out.y0 = y0;
    out.y1 = y1;
    return out;
};

ML.Chart.prototype.draw = function () {
    const canvas = this.canvas;
    const p = this.plot();
    const ratio = window.devicePixelRatio || 1;
    const pw = Math.round(p.cssWidth * ratio);
    const ph = Math.round(p.cssHeight * ratio);
    if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, p.cssWidth, p.cssHeight);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(p.left, p.top, p.width, p.height);
    if (!this.model)
        return;
    const m = this.model;
    // Above capacity: shaded.
    if (m.capacity) {
        const cy = this.toY(m.capacity, p);
        if (cy > p.top) {
            ctx.fillStyle = 'rgba(214, 39, 40, 0.07)';
            ctx.fillRect(p.left, p.top, p.width, Math.min(p.height, cy - p.top));
        }
    }
    this.drawLayer(ctx, p, ratio);
    this.drawMarks(ctx, p);
    this.drawAxes(ctx, p);
    if (m.capacity) {
        const cy = this.toY(m.capacity, p);
        if (cy >= p.top && cy <= p.top + p.height) {
            ctx.save();
            // A light band under the dashes keeps the line visible across red blocks.
            ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
            ctx.lineWidth = 3.5;
            ctx.beginPath();
            ctx.moveTo(p.left, cy);
            ctx.lineTo(p.left + p.width, cy);
            ctx.stroke();
            ctx.strokeStyle = '#8e1518';
            ctx.lineWidth = 1.5;
            ctx.setLineDash([6, 4]);
            ctx.beginPath();
            ctx.moveTo(p.left, cy);
            ctx.lineTo(p.left + p.width, cy);
            ctx.stroke();
            ctx.restore();
            ctx.fillStyle = ML.overColour;
            ctx.font = '11px sans-serif';
            ctx.textAlign = 'right';
            ctx.fillText('capacity ' + ML.bytes(m.capacity), p.left + p.width - 4, cy - 4);
        }
    }
};

// The blocks are drawn into a layer of the plot's size. While the view only moves (a drag, the
// arrow keys) on a big plan, the last layer is shown shifted, and drawn anew once the move rests.
ML.Chart.prototype.drawLayer = function (ctx, p, ratio) {
    const v = this.view;
    const sx = p.width / (v.x1 - v.x0);
    const sy = p.height / (v.y1 - v.y0);
    const w = Math.max(1, Math.round(p.width * ratio));
    const h = Math.max(1, Math.round(p.height * ratio));
    if (!this.layer)
        this.layer = document.createElement('canvas');
    const c = this.cache;
    const reuse = this.moving && c && c.model === this.model && c.w === w && c.h === h && c.mask === this.app.filterMask &&
        Math.abs(c.sx - sx) < 1e-9 * sx && Math.abs(c.sy - sy) < 1e-9 * sy;
    let dx = 0;
    let dy = 0;
    if (reuse) {
        dx = (c.x0 - v.x0) * sx * ratio;
        dy = (v.y0 - c.y0) * sy * ratio;
        const self = this;
        clearTimeout(this.restTimer);
        this.restTimer = setTimeout(function () {
            self.moving = false;
            self.redraw();
        }, 120);
    } else {
        if (this.layer.width !== w || this.layer.height !== h) {
            this.layer.width = w;
            this.layer.height = h;
        }
        const lc = this.layer.getContext('2d');
        lc.setTransform(1, 0, 0, 1, 0, 0);
        lc.clearRect(0, 0, w, h);
        lc.setTransform(ratio, 0, 0, ratio, -p.left * ratio, -p.top * ratio);
        this.drawBlocks(lc, p, ratio);
        this.cache = {model: this.model, w: w, h: h, sx: sx, sy: sy, x0: v.x0, y0: v.y0, mask: this.app.filterMask};
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.left, p.top, p.width, p.height);
    ctx.clip();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.layer, Math.round(p.left * ratio + dx), Math.round(p.top * ratio + dy));
    ctx.restore();
};

ML.Chart.prototype.drawBlocks = function (ctx, p, ratio) {
    const m = this.model;
    const b = m.blocks;
    const shown = this.app.filterMask; // null: every block passes the table's filter
    const box = {x0: 0, x1: 0, y0: 0, y1: 0};
    const big = [];
    const right = p.left + p.width;
    const bottom = p.top + p.height;
    // Small blocks go straight into one image at device resolution, a few pixels each.
    const w = Math.max(1, Math.round(p.width * ratio));
    const h = Math.max(1, Math.round(p.height * ratio));
    if (!this.image || this.image.width !== w || this.image.height !== h)
        this.image = new ImageData(w, h);
    const pixels = new Uint32Array(this.image.data.buffer);
    pixels.fill(0);
    if (!this.colours) {
        this.colours = Uint32Array.from(ML.palette.map(function (hex) { return ML.hexToAbgr(hex, 255); }));
        this.fadedColours = Uint32Array.from(ML.palette.map(function (hex) { return ML.hexToAbgr(hex, 50); }));
        this.overPixel = ML.hexToAbgr(ML.overColour, 255);
    }
    const v = this.view;
    const sx = p.width / (v.x1 - v.x0);
    const sy = p.height / (v.y1 - v.y0);
    const xs = m.x0;
    const xe = m.x1;
    const ys = m.y0;
    const ye = m.y1;
    const over = m.over;
    const colourIndex = m.colourIndex;
    const colours = this.colours;
    const fadedColours = this.fadedColours;
    const overPixel = this.overPixel;
    const vx0 = v.x0;
    const vx1 = v.x1;
    const vy0 = v.y0;
    const vy1 = v.y1;
    const yLow = v.y0 - 4 / sy;
    const plotHeight = p.height;
    const count = m.count;
    let tiny = 0;
    for (let i = 0; i < count; ++i) {
        if (xe[i] <= vx0 || xs[i] >= vx1 || ye[i] <= yLow || ys[i] >= vy1)
            continue;
        // The box in plot pixels (as box() computes it, inlined: this loop runs for every block on every frame).
        const x0 = (xs[i] - vx0) * sx;
        let x1 = (xe[i] - vx0) * sx;
        const y1 = plotHeight - (ys[i] - vy0) * sy;
        let y0 = plotHeight - (ye[i] - vy0) * sy;
        if (x1 - x0 < 1)
            x1 = x0 + 1;
        const least = over[i] ? 3 : 2;
        if (y1 - y0 < least)
            y0 = y1 - least;
        if (x1 - x0 >= 4 && y1 - y0 >= 4) {
            big.push(i);
            continue;
        }
        ++tiny;
        const px0 = Math.max(0, Math.floor(x0 * ratio)) | 0;
        const px1 = Math.min(w, Math.max(px0 + 1, Math.round(x1 * ratio))) | 0;
        const py0 = Math.max(0, Math.floor(y0 * ratio)) | 0;
        const py1 = Math.min(h, Math.max(py0 + 1, Math.round(y1 * ratio))) | 0;
        let colour = colours[colourIndex[i]];
        if (over[i] === 1)
            colour = overPixel;
        else if (shown !== null && shown[i] === 0)
            colour = fadedColours[colourIndex[i]];
        for (let y = py0; y < py1; ++y) {
            const row = y * w;
            for (let x = px0; x < px1; ++x)
                pixels[row + x] = colour;
        }
    }
    this.visibleCount = big.length + tiny;

    ctx.save();
    ctx.beginPath();
    ctx.rect(p.left, p.top, p.width, p.height);
    ctx.clip();
    if (tiny > 0) {
        if (!this.scratch)
            this.scratch = document.createElement('canvas');
        if (this.scratch.width !== w || this.scratch.height !== h) {
            this.scratch.width = w;
            this.scratch.height = h;
        }
        this.scratch.getContext('2d').putImageData(this.image, 0, 0);
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(this.scratch, 0, 0);
        ctx.restore();
    }
    ctx.font = '11px sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const outlined = big.length < 20000; // past that, outlines would only darken the chart
    for (const i of big) {
        this.box(i, p, box);
        const faded = shown && !shown[i];
        const isOver = over[i] === 1;
        ctx.globalAlpha = faded ? 0.18 : 1;
        ctx.fillStyle = isOver ? ML.overColour : ML.palette[colourIndex[i]];
        ctx.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
        if (!outlined)
            continue;
        if (b.copy[i] > 0 || m.isTmp(i))
            this.hatch(ctx, box, m.isTmp(i));
        ctx.strokeStyle = isOver ? '#7f1010' : 'rgba(0, 0, 0, 0.45)';
        ctx.lineWidth = 1;
        ctx.strokeRect(box.x0 + 0.5, box.y0 + 0.5, box.x1 - box.x0 - 1, box.y1 - box.y0 - 1);
        if (box.x1 - box.x0 > 44 && box.y1 - box.y0 > 15) {
            ctx.fillStyle = isOver ? '#ffffff' : '#111111';
            const label = m.name(i) + (b.copy[i] > 0 ? ' #' + b.copy[i] : '');
            const x = Math.max(box.x0, p.left) + 4;
            const room = Math.min(box.x1, right) - x - 2;
            if (room > 20)
                ctx.fillText(ML.fitText(ctx, label, room), x, Math.max(box.y0, p.top) + Math.min(10, (box.y1 - box.y0) / 2));
        }
    }
    ctx.globalAlpha = 1;
    ctx.restore();
};

// The selected and the hovered block's outlines, over the layer.
ML.Chart.prototype.drawMarks = function (ctx, p) {
    const m = this.model;
    const box = {x0: 0, x1: 0, y0: 0, y1: 0};
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.left, p.top, p.width, p.height);
    ctx.clip();
    const sel = this.app.selected;
    if (sel >= 0 && sel < m.count) {
        this.box(sel, p, box);
        ctx.strokeStyle = '#000000';
        ctx.lineWidth = 2.5;
        ctx.strokeRect(box.x0 - 1, box.y0 - 1, box.x1 - box.x0 + 2, box.y1 - box.y0 + 2);
    }
    if (this.hover >= 0 && this.hover !== sel && this.hover < m.count) {
        this.box(this.hover, p, box);
        ctx.strokeStyle = '#1f4e9c';
        ctx.lineWidth = 1.5;
        ctx.strokeRect(box.x0 - 0.5, box.y0 - 0.5, box.x1 - box.x0 + 1, box.y1 - box.y0 + 1);
    }
    ctx.restore();
};

// Diagonal lines over a block: a multi-buffer copy one way, a temporary buffer both ways.
ML.Chart.prototype.hatch = function (ctx, box, cross) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
    ctx.clip();
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.55)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    const h = box.y1 - box.y0;
    for (let x = box.x0 - h; x < box.x1; x += 7) {
        ctx.moveTo(x, box.y1);
        ctx.lineTo(x + h, box.y0);
        if (cross) {
            ctx.moveTo(x, box.y0);
            ctx.lineTo(x + h, box.y1);
        }
    }
    ctx.stroke();
    ctx.restore();
};

ML.fitText = function (ctx, text, room) {
    if (ctx.measureText(text).width <= room)
        return text;
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (ctx.measureText(text.slice(0, mid) + '\u2026').width <= room)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo > 0 ? text.slice(0, lo) + '\u2026' : '';
};

ML.Chart.prototype.drawAxes = function (ctx, p) {
    ctx.save();
    ctx.strokeStyle = '#888888';
    ctx.lineWidth = 1;
    ctx.strokeRect(p.left + 0.5, p.top + 0.5, p.width - 1, p.height - 1);
    ctx.fillStyle = '#333333';
    ctx.font = '11px sans-serif';
    // Ops along the bottom, at the middle of their column.
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const span = this.view.x1 - this.view.x0;
    const step = Math.max(1, ML.niceStep(span, p.width / 70));
    for (let op = Math.ceil(this.view.x0 / step) * step; op < this.view.x1; op += step) {
        const x = this.toX(op + 0.5, p);
        ctx.fillRect(x, p.top + p.height, 1, 4);
        const half = ctx.measureText(String(op)).width / 2;
        if (x + half <= p.left + p.width + this.margin.right)
            ctx.fillText(String(op), x, p.top + p.height + 6);
    }
    // Addresses on the left.
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const bytesSpan = this.view.y1 - this.view.y0;
    const bytesStep = ML.byteStep(bytesSpan, p.height / 40);
    for (let a = Math.ceil(this.view.y0 / bytesStep) * bytesStep; a <= this.view.y1; a += bytesStep) {
        const y = this.toY(a, p);
        ctx.fillRect(p.left - 4, y, 4, 1);
        ctx.fillText(ML.bytes(a), p.left - 6, y);
    }
    ctx.restore();
};
