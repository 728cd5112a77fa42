// memlens plan page: the Diagnosis of a scope (inspect's "diagnosis" key): why it overflows,
// what is live at the critical op by source line, the levers and the fit map.
'use strict';

ML.Diagnosis = function (root, app) {
    this.root = root;
    this.app = app;
};

ML.Diagnosis.prototype.show = function (model) {
    const root = ML.clear(this.root);
    const d = model.scope.diagnosis;
    root.appendChild(ML.el('h2', '', 'Diagnosis'));
    if (!d) {
        root.appendChild(ML.el('p', 'hint', model.scope.planned === false
            ? 'This scope was not planned: no diagnosis.' : 'No diagnosis for this scope.'));
        return;
    }
    const facts = ML.el('div', 'facts');
    root.appendChild(facts);
    const over = d.short_bytes > 0;
    if (over) {
        ML.fact(facts, 'verdict', 'needs ' + ML.bytes(d.required_bytes) + ', has ' + ML.bytes(d.capacity_bytes) + ': ' +
            ML.bytes(d.short_bytes) + ' short (' + d.short_percent.toFixed(1) + '% over)', 'over');
        ML.fact(facts, 'cause', d.cause === 'demand'
            ? 'demand: more is live at once than fits'
            : d.cause === 'placement' ? 'placement: what is live fits, the holes push it over' : d.cause);
    } else {
        ML.fact(facts, 'verdict', 'fits: ' + ML.bytes(d.headroom_bytes) + ' headroom of ' + ML.bytes(d.capacity_bytes));
    }
    if (d.critical_op !== null && d.critical_op !== undefined) {
        const row = ML.fact(facts, 'critical op', ML.opText(model.doc, d.critical_op));
        const go = ML.el('button', 'small', 'show');
        go.addEventListener('click', function () { this.app.showOp(d.critical_op); }.bind(this));
        row.lastChild.appendChild(go);
    }
    ML.fact(facts, 'live there', ML.bytes(d.live_bytes) + ', holes ' + ML.bytes(d.hole_bytes) + ', multi-buffer copies ' +
        ML.bytes(d.multi_buffer_bytes) + ', temporaries ' + ML.bytes(d.tmp_bytes));

    if (d.by_source && d.by_source.length) {
        root.appendChild(ML.el('h3', '', 'Live at the critical op, by source line'));
        const table = ML.el('table', 'plain by-source');
        const head = ML.el('tr');
        for (const title of ['Python', 'name', 'bytes', 'share', 'copies', 'tmp', 'buffers', 'IR'])
            head.appendChild(ML.el('th', '', title));
        table.appendChild(head);
        for (const share of d.by_source) {
            const tr = ML.el('tr', 'clickable');
            tr.appendChild(ML.el('td', '', share.python || '(unknown)'));
            tr.appendChild(ML.el('td', '', share.name || ''));
            tr.appendChild(ML.el('td', 'num', ML.bytes(share.bytes)));
            tr.appendChild(ML.el('td', 'num', (100 * share.share).toFixed(1) + '%'));
            tr.appendChild(ML.el('td', 'num', share.multi_buffer_bytes ? ML.bytes(share.multi_buffer_bytes) : ''));
            tr.appendChild(ML.el('td', 'num', share.tmp_bytes ? ML.bytes(share.tmp_bytes) : ''));
            const names = Array.isArray(share.buffers) ? share.buffers : [String(share.buffers)];
            tr.appendChild(ML.el('td', '', names.slice(0, 4).join(', ') +
                (names.length > 4 ? ' and ' + (names.length - 4) + ' more' : '')));
            tr.appendChild(ML.el('td', '', share.ir_line !== null ? 'line ' + share.ir_line : ''));
            tr.addEventListener('click', function () { this.app.selectPair(share.blocks); }.bind(this));
            table.appendChild(tr);
        }
        root.appendChild(table);
    }

    if (d.levers && d.levers.length) {
        root.appendChild(ML.el('h3', '', 'Levers'));
        if (d.predicted_because)
            root.appendChild(ML.el('p', 'hint', 'predicted: ' + d.predicted_because));
        const list = ML.el('ul', 'levers');
        for (const lever of d.levers) {
            const item = ML.el('li', lever.fits ? 'fits' : 'short');
            let what = lever.kind.replace(/_/g, ' ');
            if (lever.dim !== null)
                what += ' ' + (lever.constexpr || lever.dim) + (lever.to !== null ? ' \u2192 ' + lever.to : '');
            item.appendChild(ML.el('b', '', what));
            item.appendChild(ML.el('span', '', ': saves ' + ML.bytes(lever.saves_bytes) + ', needs ' +
                ML.bytes(lever.predicted_required_bytes) + (lever.fits ? ', fits' : ', still short') +
                (lever.how ? ' (' + lever.how + ')' : '')));
            if (lever.option)
                item.appendChild(ML.el('div', 'hint', 'kernel option: ' + lever.option));
            if (lever.python)
                item.appendChild(ML.el('div', 'code', ML.baseName(lever.python.file) + ':' + lever.python.line + '  ' +
                    lever.python.text));
            list.appendChild(item);
        }
        root.appendChild(list);
    }
    if (d.largest_fitting) {
        const l = d.largest_fitting;
        root.appendChild(ML.el('p', '', 'Largest ' + (l.constexpr || 'dimension ' + l.dim) + ' that fits: ' +
            (l.value !== null ? l.value : 'none') + ' (needs ' + ML.bytes(l.predicted_required_bytes) + ', ' + l.how +
            ')'));
    }
    if (d.fit_map)
        this.fitMap(root, d.fit_map, d.capacity_bytes);
};

ML.Diagnosis.prototype.fitMap = function (root, map, capacity) {
    root.appendChild(ML.el('h3', '', 'Fit map'));
    const names = map.dims.map(function (dim, k) { return dim.constexpr || 'dim ' + k; });
    const table = ML.el('table', 'plain fit-map');
    const head = ML.el('tr');
    for (const name of names)
        head.appendChild(ML.el('th', '', name));
    if (map.multibuffer)
        head.appendChild(ML.el('th', '', 'multibuffer'));
    for (const title of ['needs', 'of capacity', 'fits', 'how'])
        head.appendChild(ML.el('th', '', title));
    table.appendChild(head);
    for (const cell of map.cells) {
        const tr = ML.el('tr', (cell.fits ? 'fits' : 'short') + (cell.today ? ' today' : '') +
            (cell.frontier ? ' frontier' : ''));
        for (const value of cell.values)
            tr.appendChild(ML.el('td', 'num', String(value)));
        if (map.multibuffer)
            tr.appendChild(ML.el('td', '', cell.multibuffer === null ? '' : String(cell.multibuffer)));
        tr.appendChild(ML.el('td', 'num', ML.bytes(cell.required_bytes)));
        tr.appendChild(ML.el('td', 'num', ML.percent(cell.required_bytes, capacity)));
        tr.appendChild(ML.el('td', '', cell.decided ? (cell.fits ? 'yes' : 'no') : 'undecided'));
        tr.appendChild(ML.el('td', '', (cell.how || '') + (cell.today ? ' (today)' : '') +
            (cell.compiled ? ' compiled: ' + ML.bytes(cell.compiled.required_bytes) : '')));
        table.appendChild(tr);
    }
    root.appendChild(table);
};
