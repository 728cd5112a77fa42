// memlens plan page: a run's table (summary --format html), each row opening its kernel below.
'use strict';

ML.RunTable = function (root, app) {
    this.root = root;
    this.app = app;
};

ML.RunTable.prototype.show = function (run) {
    const root = ML.clear(this.root);
    root.hidden = false;
    root.appendChild(ML.el('h2', '', 'Run: ' + run.path + ' \u2014 ' + run.rows.length + ' rows'));
    root.appendChild(ML.el('p', 'hint', 'Click a row to open its kernel below.'));
    const table = ML.el('table', 'plain');
    const head = ML.el('tr');
    for (const title of ['kernel', 'core', 'scope', 'status', 'used', 'needs', 'capacity', 'headroom', 'Python',
        'lever', 'version', 'file'])
        head.appendChild(ML.el('th', '', title));
    table.appendChild(head);
    this.rows = [];
    for (const row of run.rows) {
        const tr = ML.el('tr', row.document !== null ? 'opens' : '');
        const cells = [row.kernel, row.core || '', row.scope || '', row.status + (row.fails_gate ? ' (fails the gate)' : ''),
            row.used_percent !== null ? row.used_percent + '%' : '', row.peak_bytes !== null ? ML.bytes(row.peak_bytes) : '',
            row.capacity_bytes !== null ? ML.bytes(row.capacity_bytes) : '',
            row.headroom_bytes !== null ? (row.headroom_bytes < 0 ? '\u2212' : '') + ML.bytes(Math.abs(row.headroom_bytes)) : '',
            row.python || '', row.lever || '', row.versions > 1 ? row.version + ' of ' + row.versions +
            (row.change ? ': ' + row.change : '') : '', row.error ? ML.baseName(row.file) + ': ' + row.error : ML.baseName(row.file)];
        cells.forEach(function (text, k) {
            const td = ML.el('td', k === 3 && row.status === 'overflows' ? 'overflows' : '', text);
            if (k === 11)
                td.title = row.file;
            tr.appendChild(td);
        });
        if (row.document !== null) {
            const self = this;
            tr.addEventListener('click', function () { self.openRow(row, tr); });
        } else {
            tr.title = 'not in this page';
        }
        this.rows.push(tr);
        table.appendChild(tr);
    }
    root.appendChild(table);
};

ML.RunTable.prototype.openRow = function (row, tr) {
    const doc = this.app.data.documents[row.document];
    let s = doc.scopes.findIndex(function (scope) { return scope.scope === row.scope; });
    if (s < 0)
        s = 0;
    for (const other of this.rows)
        other.classList.remove('current');
    tr.classList.add('current');
    this.app.picker.value = row.document + ':' + s;
    this.app.open(row.document, s);
    document.getElementById('title').scrollIntoView({block: 'start'});
};
