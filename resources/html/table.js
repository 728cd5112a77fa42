// memlens plan page: the blocks table. Rows are virtual (only those in sight exist as
// elements), so a million blocks scroll as ten do; sorting and filtering work on an index array.
'use strict';

ML.Table = function (root, app) {
    this.app = app;
    this.rowHeight = 22;
    this.root = root;
    this.filterBox = root.querySelector('.table-filter');
    this.overOnly = root.querySelector('.table-over');
    this.countLabel = root.querySelector('.table-count');
    this.head = root.querySelector('.table-head');
    this.scroller = root.querySelector('.table-scroll');
    this.spacer = root.querySelector('.table-spacer');
    this.rows = [];
    this.sortColumn = null;
    this.sortDown = false;
    const self = this;
    this.columns = [
        {key: 'id', title: 'id', cls: 'num', value: function (m, i) { return m.id(i); }},
        {key: 'buffer', title: 'buffer', cls: 'text', value: function (m, i) { return m.name(i); }},
        {key: 'copy', title: 'copy', cls: 'num', value: function (m, i) { return m.blocks.copy[i]; }},
        {key: 'life', title: 'Life', cls: 'num', value: function (m, i) { return m.blocks.start[i]; },
            text: function (m, i) { return '[' + m.blocks.start[i] + ', ' + m.blocks.end[i] + ']'; }},
        {key: 'offset', title: 'offset', cls: 'num', value: function (m, i) { return m.blocks.offset[i]; }},
        {key: 'size', title: 'size', cls: 'num', value: function (m, i) { return m.blocks.size[i]; },
            text: function (m, i) { return ML.bytes(m.blocks.size[i]); }},
        {key: 'end', title: 'ends at', cls: 'num', value: function (m, i) { return m.blocks.offset[i] + m.blocks.size[i]; },
            text: function (m, i) { return ML.bytes(m.blocks.offset[i] + m.blocks.size[i]); }},
        {key: 'storage', title: 'storage', cls: 'num', value: function (m, i) { return m.blocks.storage[i]; }},
        {key: 'kind', title: 'kind', cls: 'text', value: function (m, i) {
            return (m.isOver(i) ? 'over ' : '') + (m.isTmp(i) ? 'tmp' : '');
        }},
        {key: 'python', title: 'Python', cls: 'text', value: function (m, i) { return m.pythonText(i); }},
        {key: 'ir', title: 'IR', cls: 'text', value: function (m, i) { return m.irText(i); }},
    ];
    ML.clear(this.head);
    for (const column of this.columns) {
        const cell = ML.el('div', 'cell head ' + column.cls + ' col-' + column.key, column.title);
        cell.dataset.key = column.key;
        cell.addEventListener('click', function () { self.sortBy(column.key); });
        column.headCell = cell;
        this.head.appendChild(cell);
    }
    this.filterBox.addEventListener('input', function () { self.applyFilter(); });
    this.overOnly.addEventListener('change', function () { self.applyFilter(); });
    this.scroller.addEventListener('scroll', function () { self.render(); });
    window.addEventListener('resize', function () { self.render(); });
};

ML.Table.prototype.setModel = function (model) {
    this.model = model;
    this.filterBox.value = '';
    this.overOnly.checked = false;
    this.sortColumn = null;
    this.order = null;
    this.applyFilter();
};

// The filter: every word must occur in the block's buffer name, Python or IR line.
ML.Table.prototype.applyFilter = function () {
    const m = this.model;
    const words = this.filterBox.value.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
    const overOnly = this.overOnly.checked;
    let rows;
    if (words.length === 0 && !overOnly) {
        rows = new Uint32Array(m.count);
        for (let i = 0; i < m.count; ++i)
            rows[i] = i;
        this.app.setFilterMask(null);
    } else {
        const mask = new Uint8Array(m.count);
        const kept = [];
        for (let i = 0; i < m.count; ++i) {
            if (overOnly && !m.isOver(i))
                continue;
            const text = words.length ? m.haystack(i) : '';
            let all = true;
            for (const word of words)
                if (text.indexOf(word) < 0) {
                    all = false;
                    break;
                }
            if (all) {
                kept.push(i);
                mask[i] = 1;
            }
        }
        rows = Uint32Array.from(kept);
        this.app.setFilterMask(mask);
    }
    this.filtered = rows;
    this.sortRows();
};

ML.Table.prototype.sortBy = function (key) {
    if (this.sortColumn === key)
        this.sortDown = !this.sortDown;
    else {
        this.sortColumn = key;
        this.sortDown = false;
    }
    this.sortRows();
};

ML.Table.prototype.sortRows = function () {
    const m = this.model;
    let rows = this.filtered;
    const column = this.columns.find(function (c) { return c.key === this.sortColumn; }, this);
    for (const c of this.columns)
        c.headCell.textContent = c.title + (c === column ? (this.sortDown ? ' \u25bc' : ' \u25b2') : '');
    if (column) {
        const keys = new Array(m.count);
        for (const i of rows)
            keys[i] = column.value(m, i);
        const down = this.sortDown ? -1 : 1;
        const numeric = column.cls === 'num';
        const list = Array.from(rows);
        list.sort(function (a, b) {
            const x = keys[a];
            const y = keys[b];
            if (x === y)
                return a - b;
            if (numeric)
                return (x - y) * down;
            return (x < y ? -1 : 1) * down;
        });
        rows = Uint32Array.from(list);
    }
    this.order = rows;
    this.rowOf = null;
    this.countLabel.textContent = rows.length === m.count ? m.count + ' blocks'
                                                          : rows.length + ' of ' + m.count + ' blocks';
    this.spacer.style.height = rows.length * this.rowHeight + 'px';
    this.render();
};

ML.Table.prototype.render = function () {
    if (!this.order)
        return;
    const m = this.model;
    const height = this.scroller.clientHeight || 300;
    const first = Math.max(0, Math.floor(this.scroller.scrollTop / this.rowHeight) - 2);
    const visible = Math.ceil(height / this.rowHeight) + 4;
    const last = Math.min(this.order.length, first + visible);
    while (this.rows.length < visible) {
        const row = ML.el('div', 'row');
        const self = this;
        row.addEventListener('click', function () {
            if (row.block >= 0)
                self.app.select(row.block, 'table');
        });
        row.cells = [];
        for (const column of this.columns) {
            const cell = ML.el('div', 'cell ' + column.cls + ' col-' + column.key);
            row.cells.push(cell);
            row.appendChild(cell);
        }
        this.spacer.appendChild(row);
        this.rows.push(row);
    }
    for (let r = 0; r < this.rows.length; ++r) {
        const row = this.rows[r];
        const k = first + r;
        if (k >= last) {
            row.style.display = 'none';
            row.block = -1;
            continue;
        }
        const i = this.order[k];
        row.block = i;
        row.style.display = '';
        row.style.top = k * this.rowHeight + 'px';
        row.className = 'row' + (i === this.app.selected ? ' selected' : '') + (m.isOver(i) ? ' over' : '');
        for (let c = 0; c < this.columns.length; ++c) {
            const column = this.columns[c];
            row.cells[c].textContent = column.text ? column.text(m, i) : String(column.value(m, i));
        }
    }
};

// Scrolls block `i`'s row into sight (when the filter shows it).
ML.Table.prototype.reveal = function (i) {
    if (!this.rowOf) {
        this.rowOf = new Int32Array(this.model.count).fill(-1);
        for (let k = 0; k < this.order.length; ++k)
            this.rowOf[this.order[k]] = k;
    }
    const k = this.rowOf[i];
    if (k >= 0) {
        const y = k * this.rowHeight;
        const view = this.scroller.clientHeight;
        if (y < this.scroller.scrollTop || y + this.rowHeight > this.scroller.scrollTop + view)
            this.scroller.scrollTop = Math.max(0, y - view / 2);
    }
    this.render();
};
