// memlens plan page: the embedded plan, and what the views need of one scope.
'use strict';

ML.FLAG_TMP = 1;
ML.FLAG_OVER = 2;

// The data memlens embedded (JSON.parse, never eval).
ML.loadData = function () {
    const node = document.getElementById('memlens-data');
    return JSON.parse(node.textContent);
};

ML.verdictText = {
    fits: 'fits the capacity',
    compiled: 'compiled',
    overflow: 'overflow',
    compile_failed: 'compile failed',
    overflow_despite_success: 'overflows (the compiler writes success for failed plans)',
    failed_within_capacity: 'failed, but the plan fits the capacity',
    not_planned: 'not planned',
    not_decided: 'not decided (the search stopped)',
};

// One scope of one dump, with the columns the views read.
ML.ScopeModel = function (doc, scope) {
    this.doc = doc;
    this.scope = scope;
    const b = scope.blocks;
    this.blocks = b;
    this.count = b.start.length;
    // Typed copies of the columns the chart reads on every frame.
    this.x0 = Float64Array.from(b.start);
    this.x1 = new Float64Array(this.count);
    this.y0 = Float64Array.from(b.offset);
    this.y1 = new Float64Array(this.count);
    this.over = new Uint8Array(this.count);
    for (let i = 0; i < this.count; ++i) {
        this.x1[i] = b.end[i] + 1;
        this.y1[i] = b.offset[i] + b.size[i];
        this.over[i] = (b.flags[i] & ML.FLAG_OVER) !== 0 ? 1 : 0;
    }
    this.buffers = scope.buffers;
    this.capacity = scope.capacity_bytes;
    let firstOp = Infinity;
    let lastOp = -Infinity;
    let top = 0;
    for (let i = 0; i < this.count; ++i) {
        if (b.start[i] < firstOp)
            firstOp = b.start[i];
        if (b.end[i] > lastOp)
            lastOp = b.end[i];
        const end = b.offset[i] + b.size[i];
        if (end > top)
            top = end;
    }
    if (this.count === 0) {
        firstOp = 0;
        lastOp = 0;
    }
    this.firstOp = firstOp;
    this.lastOp = lastOp;
    this.top = top;
    // A colour per source line (the buffer's when it has none), stable across reloads of the page.
    this.colourIndex = new Uint8Array(this.count);
    for (let i = 0; i < this.count; ++i) {
        const buffer = b.buffer[i];
        const source = this.buffers.source[buffer];
        const key = source !== null && source !== undefined && source >= 0 ? source : this.buffers.id[buffer];
        this.colourIndex[i] = key % ML.palette.length;
    }
    this.searchText = null; // built on the first filter
};

// The blocks whose Life may reach [from, to): built once, blocks ordered by start with the longest Life
// as the bound (hovering a million blocks looks at those near the pointer only).
ML.ScopeModel.prototype.blocksNear = function (from, to, visit) {
    if (!this.byStart) {
        const x0 = this.x0;
        let order = new Uint32Array(this.count);
        const range = this.lastOp - this.firstOp + 1;
        if (range <= 4 * this.count + 1000000) {
            // Ops are small integers: a counting sort (a comparison sort of a million takes a second).
            const starts = new Uint32Array(range + 1);
            for (let i = 0; i < this.count; ++i)
                ++starts[x0[i] - this.firstOp + 1];
            for (let k = 1; k <= range; ++k)
                starts[k] += starts[k - 1];
            for (let i = 0; i < this.count; ++i)
                order[starts[x0[i] - this.firstOp]++] = i;
        } else {
            for (let i = 0; i < this.count; ++i)
                order[i] = i;
            order = order.sort(function (a, b) { return x0[a] - x0[b]; });
        }
        this.byStart = order;
        this.sortedStart = new Float64Array(this.count);
        let span = 0;
        for (let k = 0; k < this.count; ++k) {
            this.sortedStart[k] = x0[order[k]];
            span = Math.max(span, this.x1[order[k]] - x0[order[k]]);
        }
        this.longestLife = span;
    }
    const starts = this.sortedStart;
    let lo = 0;
    let hi = this.count;
    const least = from - this.longestLife;
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid] < least)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (let k = lo; k < this.count && starts[k] < to; ++k)
        visit(this.byStart[k]);
};

ML.ScopeModel.prototype.sourceOf = function (i) {
    const s = this.buffers.source[this.blocks.buffer[i]];
    return s === null || s === undefined || s < 0 ? null : this.doc.sources[s];
};

ML.ScopeModel.prototype.name = function (i) {
    return this.buffers.name[this.blocks.buffer[i]];
};

ML.ScopeModel.prototype.id = function (i) {
    return this.buffers.id[this.blocks.buffer[i]];
};

ML.ScopeModel.prototype.isOver = function (i) {
    return (this.blocks.flags[i] & ML.FLAG_OVER) !== 0;
};

ML.ScopeModel.prototype.isTmp = function (i) {
    return (this.blocks.flags[i] & ML.FLAG_TMP) !== 0;
};

// "layer_norm.py:55" (and the variable) for a block, "" when unknown.
ML.ScopeModel.prototype.pythonText = function (i) {
    const source = this.sourceOf(i);
    if (!source || !source.python)
        return '';
    const p = source.python;
    return ML.baseName(p.file) + ':' + p.line + (p.name ? ' ' + p.name : '');
};

ML.ScopeModel.prototype.irText = function (i) {
    const source = this.sourceOf(i);
    if (!source || !source.ir)
        return '';
    return ML.baseName(source.ir.file) + ':' + source.ir.line;
};

// The text a filter matches against, lower case, one per block (built once).
ML.ScopeModel.prototype.haystack = function (i) {
    if (!this.searchText) {
        const perSource = new Map();
        this.searchText = new Array(this.count);
        for (let k = 0; k < this.count; ++k) {
            const buffer = this.blocks.buffer[k];
            let text = perSource.get(buffer);
            if (text === undefined) {
                text = (this.buffers.name[buffer] + ' ' + this.pythonText(k) + ' ' + this.irText(k)).toLowerCase();
                perSource.set(buffer, text);
            }
            this.searchText[k] = text;
        }
    }
    return this.searchText[i];
};

// The op at `index` of the compile log's sequence: "op 41 hivm.hir.vreduce layer_norm.py:60".
ML.opText = function (doc, index) {
    let text = 'op ' + index;
    const ops = doc.ops;
    if (!ops)
        return text;
    if (!doc.opAt) {
        doc.opAt = new Map();
        for (let k = 0; k < ops.index.length; ++k)
            doc.opAt.set(ops.index[k], k);
    }
    const k = doc.opAt.get(index);
    if (k === undefined)
        return text;
    text += '  ' + ops.op[k];
    if (ops.python[k])
        text += '  ' + ops.python[k];
    return text;
};

// The embedded text of `line` of `file` (null when memlens did not embed it).
ML.lineText = function (doc, file, line) {
    const lines = doc.lines && doc.lines[file];
    if (!lines)
        return null;
    const text = lines[String(line)];
    return text === undefined ? null : text;
};
