// memlens plan page: the usage curve under the chart, on the chart's op axis: live bytes
// (bytes shared in place counted once) filled, the highest address in use as a line.
'use strict';

ML.Usage = function (canvas, tooltip, chart, app) {
    this.canvas = canvas;
    this.tooltip = tooltip;
    this.chart = chart;
    this.app = app;
    this.hoverOp = null;
    const self = this;
    chart.onViewChange(function () { self.redraw(); });
    canvas.addEventListener('mousemove', function (event) { self.onMove(event); });
    canvas.addEventListener('mouseleave', function () {
        self.hoverOp = null;
        self.tooltip.hidden = true;
        self.redraw();
    });
    window.addEventListener('resize', function () { self.redraw(); });
};

ML.Usage.prototype.setModel = function (model) {
    this.model = model;
    this.usage = model.scope.usage || {op: [], live: [], high: []};
    let top = 0;
    for (const value of this.usage.high)
        top = Math.max(top, value);
    for (const value of this.usage.live)
        top = Math.max(top, value);
    this.top = Math.max(top, model.capacity || 0, 1) * 1.08;
    this.redraw();
};

ML.Usage.prototype.redraw = function () {
    ML.scheduleDraw(this);
};

// The step in force at `op` (steps are sorted by op; each holds until the next).
ML.Usage.prototype.stepAt = function (op) {
    const ops = this.usage.op;
    let lo = 0;
    let hi = ops.length - 1;
    if (hi < 0 || op < ops[0])
        return -1;
    while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (ops[mid] <= op)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
};

ML.Usage.prototype.draw = function () {
    const canvas = this.canvas;
    const chartPlot = this.chart.plot();
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    if (!this.model)
        return;
    const p = {left: chartPlot.left, width: chartPlot.width, top: 6, height: height - 6 - 18};
    this.p = p;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(p.left, p.top, p.width, p.height);
    const view = this.chart.view;
    const toX = function (op) { return p.left + (op - view.x0) * p.width / (view.x1 - view.x0); };
    const top = this.top;
    const toY = function (bytes) { return p.top + p.height - bytes * p.height / top; };
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.left, p.top, p.width, p.height);
    ctx.clip();
    // One value per pixel column (the most in that column's ops): a curve of a million steps
    // is drawn as a few thousand points.
    const columns = Math.max(1, Math.ceil(p.width));
    const live = new Float64Array(columns).fill(-1);
    const high = new Float64Array(columns).fill(-1);
    const u = this.usage;
    const scale = p.width / (view.x1 - view.x0);
    for (let k = Math.max(0, this.stepAt(view.x0)); k < u.op.length && u.op[k] < view.x1; ++k) {
        const next = k + 1 < u.op.length ? u.op[k + 1] : u.op[k] + 1;
        const from = Math.max(0, Math.floor((u.op[k] - view.x0) * scale));
        const to = Math.min(columns, Math.max(from + 1, Math.ceil((next - view.x0) * scale)));
        for (let c = from; c < to; ++c) {
            if (u.live[k] > live[c])
                live[c] = u.live[k];
            if (u.high[k] > high[c])
                high[c] = u.high[k];
        }
    }
    const trace = function (values) {
        ctx.beginPath();
        let started = false;
        for (let c = 0; c < columns; ++c) {
            if (values[c] < 0) {
                started = false;
                continue;
            }
            const y = toY(values[c]);
            if (!started) {
                ctx.moveTo(p.left + c, y);
                started = true;
            } else {
                ctx.lineTo(p.left + c, y);
            }
            ctx.lineTo(p.left + c + 1, y);
        }
    };
    ctx.fillStyle = 'rgba(78, 121, 167, 0.35)';
    for (let c = 0; c < columns; ++c)
        if (live[c] > 0) {
            const y = toY(live[c]);
            ctx.fillRect(p.left + c, y, 1, p.top + p.height - y);
        }
    trace(live);
    ctx.strokeStyle = '#4e79a7';
    ctx.lineWidth = 1;
    ctx.stroke();
    trace(high);
    ctx.strokeStyle = '#e15759';
    ctx.lineWidth = 1.2;
    ctx.stroke();
    if (this.model.capacity) {
        ctx.setLineDash([6, 4]);
        ctx.strokeStyle = ML.overColour;
        ctx.beginPath();
        ctx.moveTo(p.left, toY(this.model.capacity));
        ctx.lineTo(p.left + p.width, toY(this.model.capacity));
        ctx.stroke();
        ctx.setLineDash([]);
    }
    if (this.hoverOp !== null) {
        const x = toX(this.hoverOp + 0.5);
        ctx.strokeStyle = '#333333';
        ctx.beginPath();
        ctx.moveTo(x, p.top);
        ctx.lineTo(x, p.top + p.height);
        ctx.stroke();
    }
    ctx.restore();
    ctx.strokeStyle = '#888888';
    ctx.strokeRect(p.left + 0.5, p.top + 0.5, p.width - 1, p.height - 1);
    ctx.fillStyle = '#333333';
    ctx.font = '11px sans-serif';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(ML.bytes(Math.round(top / 1.08)), p.left - 6, toY(top / 1.08));
    ctx.fillText('0', p.left - 6, toY(0));
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillStyle = '#4e79a7';
    ctx.fillText('live bytes', p.left + 6, p.top + p.height + 4);
    ctx.fillStyle = '#e15759';
    ctx.fillText('highest address', p.left + 70, p.top + p.height + 4);
};

ML.Usage.prototype.onMove = function (event) {
    if (!this.p || !this.model)
        return;
    const rect = this.canvas.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const p = this.p;
    const view = this.chart.view;
    if (x < p.left || x > p.left + p.width) {
        this.tooltip.hidden = true;
        return;
    }
    const op = Math.floor(view.x0 + (x - p.left) * (view.x1 - view.x0) / p.width);
    this.hoverOp = op;
    const k = this.stepAt(op);
    const live = k < 0 ? 0 : this.usage.live[k];
    const high = k < 0 ? 0 : this.usage.high[k];
    ML.clear(this.tooltip);
    this.tooltip.appendChild(ML.el('div', 'tip-title', ML.opText(this.model.doc, op)));
    this.tooltip.appendChild(ML.el('div', '', 'live ' + ML.bytes(live) + ' (' + live + ' B)'));
    this.tooltip.appendChild(ML.el('div', '', 'highest address ' + ML.bytes(high)));
    this.tooltip.appendChild(ML.el('div', '', 'holes ' + ML.bytes(Math.max(0, high - live))));
    if (this.model.capacity)
        this.tooltip.appendChild(ML.el('div', '', 'capacity ' + ML.bytes(this.model.capacity) + ', ' +
            ML.percent(high, this.model.capacity) + ' used'));
    this.tooltip.hidden = false;
    this.tooltip.style.left = Math.min(window.innerWidth - this.tooltip.offsetWidth - 4, event.clientX + 14) + 'px';
    this.tooltip.style.top = Math.max(4, event.clientY - this.tooltip.offsetHeight - 10) + 'px';
    this.redraw();
};
