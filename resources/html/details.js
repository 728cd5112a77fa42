// memlens plan page: the selected block's facts and its IR and Python lines side by side.
'use strict';

ML.Details = function (root, app) {
    this.root = root;
    this.app = app;
    this.facts = root.querySelector('.block-facts');
    this.irPane = root.querySelector('.source-ir');
    this.pythonPane = root.querySelector('.source-python');
};

ML.Details.prototype.show = function (i) {
    const m = this.app.model;
    ML.clear(this.facts);
    if (i < 0) {
        this.facts.appendChild(ML.el('p', 'hint', 'Click a block in the chart or a row of the table.'));
        this.pane(this.irPane, 'IR', null, null, null);
        this.pane(this.pythonPane, 'Python', null, null, null);
        return;
    }
    const b = m.blocks;
    const doc = m.doc;
    const title = ML.el('div', 'block-title' + (m.isOver(i) ? ' over' : ''),
        m.name(i) + (b.copy[i] > 0 ? ' (copy ' + b.copy[i] + ')' : '') + (m.isOver(i) ? ' \u2014 above capacity' : ''));
    this.facts.appendChild(title);
    ML.fact(this.facts, 'Life', '[' + b.start[i] + ', ' + b.end[i] + ']', 'life');
    if (doc.ops) {
        ML.fact(this.facts, 'from', ML.opText(doc, b.start[i]));
        ML.fact(this.facts, 'to', ML.opText(doc, b.end[i]));
    }
    ML.fact(this.facts, 'size', ML.bytes(b.size[i]) + ' (' + b.size[i] + ' B)');
    ML.fact(this.facts, 'address', b.offset[i] + ' \u2013 ' + (b.offset[i] + b.size[i]) + ' (' +
        ML.bytes(b.offset[i]) + ' \u2013 ' + ML.bytes(b.offset[i] + b.size[i]) + ')');
    if (m.capacity && m.isOver(i))
        ML.fact(this.facts, 'over by', ML.bytes(b.offset[i] + b.size[i] - m.capacity), 'over');
    const buffer = b.buffer[i];
    ML.fact(this.facts, 'buffer id', String(m.buffers.id[buffer]) + (m.isTmp(i) ? ' (temporary buffer)' : ''));
    ML.fact(this.facts, 'storage', String(b.storage[i]));
    const type = m.scope.types && m.buffers.type ? m.scope.types[m.buffers.type[buffer]] : '';
    if (type)
        ML.fact(this.facts, 'type', type, 'raw');
    const source = m.sourceOf(i);
    if (source && source.location)
        ML.fact(this.facts, 'location', source.location, 'raw');
    if (source && source.note)
        ML.fact(this.facts, 'note', source.note);
    const ir = source && source.ir;
    const python = source && source.python;
    this.pane(this.irPane, 'IR', doc, ir ? ir.file : null, ir ? ir.line : null,
        ir ? null : (doc.head.ir_note || 'no IR line for this block'));
    this.pane(this.pythonPane, 'Python', doc, python ? python.file : null, python ? python.line : null,
        python ? null : (source && source.note) || 'no Python line for this block', python ? python.name : null);
};

// A source pane: its file and line, then the embedded lines around it with the line marked.
ML.Details.prototype.pane = function (pane, kind, doc, file, line, missing, name) {
    ML.clear(pane);
    const head = ML.el('div', 'source-head');
    head.appendChild(ML.el('span', 'source-kind', kind));
    if (file) {
        head.appendChild(ML.el('span', 'source-where', ML.baseName(file) + ':' + line + (name ? '  (' + name + ')' : '')));
        head.title = file;
    }
    pane.appendChild(head);
    if (!file) {
        pane.appendChild(ML.el('div', 'source-missing', missing || ''));
        return;
    }
    const lines = doc.lines && doc.lines[file];
    if (!lines || lines[String(line)] === undefined) {
        pane.appendChild(ML.el('div', 'source-missing', 'The file was not found when the page was written: ' + file));
        return;
    }
    const code = ML.el('div', 'source-lines');
    for (let n = line - 3; n <= line + 3; ++n) {
        const text = lines[String(n)];
        if (text === undefined)
            continue;
        const row = ML.el('div', 'source-line' + (n === line ? ' current' : ''));
        row.dataset.line = String(n);
        row.appendChild(ML.el('span', 'line-number', String(n)));
        row.appendChild(ML.el('span', 'line-text', text));
        code.appendChild(row);
    }
    pane.appendChild(code);
};
