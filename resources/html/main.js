// memlens plan page: the title facts, the choice of core and scope, and the selection every
// view follows.
'use strict';

ML.App = function (data) {
    this.data = data;
    this.selected = -1;
    this.filterMask = null;
    this.chart = new ML.Chart(document.getElementById('chart'), document.getElementById('tooltip'), this);
    this.usage = new ML.Usage(document.getElementById('usage'), document.getElementById('tooltip'), this.chart, this);
    this.table = new ML.Table(document.getElementById('blocks'), this);
    this.details = new ML.Details(document.getElementById('details'), this);
    this.diagnosis = new ML.Diagnosis(document.getElementById('diagnosis'), this);
    const self = this;
    this.chart.onViewChange(function (view) { self.showRange(view); });
    this.picker = document.getElementById('scope-picker');
    this.picker.addEventListener('change', function () {
        const [d, s] = self.picker.value.split(':').map(Number);
        self.open(d, s);
    });
    document.getElementById('reset-view').addEventListener('click', function () { self.chart.reset(); });
    if (data.run)
        new ML.RunTable(document.getElementById('run'), this).show(data.run);
    this.fillPicker();
};

// Every (dump, scope) pair; the first that overflows is opened.
ML.App.prototype.fillPicker = function () {
    const picker = ML.clear(this.picker);
    let first = null;
    this.data.documents.forEach(function (doc, d) {
        doc.scopes.forEach(function (scope, s) {
            const core = doc.head.core ? doc.head.core + ' \u00b7 ' : '';
            const option = ML.el('option', '', core + scope.scope + ' \u2014 ' + (ML.verdictText[scope.verdict] || scope.verdict) +
                (this.data.documents.length > 1 ? '  (' + ML.baseName(doc.head.file) + ')' : ''));
            option.value = d + ':' + s;
            picker.appendChild(option);
            if (first === null || (scope.overflow && !this.data.documents[first[0]].scopes[first[1]].overflow))
                first = [d, s];
        }, this);
    }, this);
    document.getElementById('scope-row').hidden = picker.options.length < 2;
    const title = this.data.title || (this.data.documents[0] && this.data.documents[0].head.kernel) || '(unnamed kernel)';
    document.getElementById('kernel').textContent = title;
    document.title = title + ' \u2014 memlens';
    const notes = document.getElementById('page-notes');
    for (const note of this.data.notes || [])
        notes.appendChild(ML.el('div', 'note', note));
    if (first === null) {
        document.getElementById('facts').appendChild(ML.el('p', 'hint', 'This plan has no scopes.'));
        return;
    }
    picker.value = first[0] + ':' + first[1];
    this.open(first[0], first[1]);
};

ML.App.prototype.open = function (d, s) {
    const doc = this.data.documents[d];
    const scope = doc.scopes[s];
    this.model = new ML.ScopeModel(doc, scope);
    this.selected = -1;
    this.filterMask = null;
    this.showFacts();
    this.chart.setModel(this.model);
    this.usage.setModel(this.model);
    this.table.setModel(this.model);
    this.details.show(-1);
    this.diagnosis.show(this.model);
};

ML.App.prototype.showFacts = function () {
    const m = this.model;
    const doc = m.doc;
    const head = doc.head;
    const scope = m.scope;
    const facts = ML.clear(document.getElementById('facts'));
    if (this.data.documents.length > 1)
        ML.fact(facts, 'kernel', head.kernel || '(unnamed)');
    ML.fact(facts, 'core', (head.core || 'unknown') + ' \u00b7 scope ' + scope.scope);
    ML.fact(facts, 'status', (scope.status === null ? 'none in the dump' : scope.status) + ' \u2014 ' +
        (ML.verdictText[scope.verdict] || scope.verdict), scope.overflow ? 'over' : '');
    if (scope.planned === false) {
        ML.fact(facts, 'verdict', 'demand ' + ML.bytes(scope.demand_bytes) + ' (not planned)');
    } else {
        const needs = scope.peak_address_bytes;
        ML.fact(facts, 'verdict', 'needs ' + ML.bytes(needs) + ' of ' + ML.bytes(scope.capacity_bytes) + ' (' +
            ML.percent(needs, scope.capacity_bytes) + ')' +
            (needs > scope.capacity_bytes ? ', ' + ML.bytes(needs - scope.capacity_bytes) + ' short' : ''),
            needs > scope.capacity_bytes ? 'over verdict' : 'verdict');
        ML.fact(facts, 'peak live', ML.bytes(scope.peak_live_bytes) +
            (scope.peak_live_at !== null ? ' at op ' + scope.peak_live_at : ''));
    }
    ML.fact(facts, 'capacity', ML.bytes(scope.capacity_bytes) + ' \u2014 ' + (scope.capacity_note || scope.capacity_source),
        scope.capacity_source === 'default' ? 'guessed' : '');
    if (scope.error)
        ML.fact(facts, 'error', scope.error, 'over raw');
    const check = scope.planner_check;
    if (check) {
        let text = check.reproduces ? 'memlens\u2019s plan of ' + ML.baseName(check.ir) + ' places every buffer where the dump does'
                                    : 'memlens\u2019s plan differs from the dump in ' + check.differences.length + ' buffers';
        text += ' (' + check.buffers + ' buffers)';
        if (check.problem)
            text += ': ' + check.problem;
        ML.fact(facts, 'planner check', text);
    } else if (scope.planner_note) {
        ML.fact(facts, 'planner check', scope.planner_note);
    }
    let source = {dump: 'the compiler\u2019s memory dump', memlens: 'planned by memlens',
        compiler_log: 'the compiler\u2019s offsets, read from its log'}[head.plan_source] || head.plan_source;
    if (head.planned_as)
        source += ' (' + head.planned_as + ')';
    if (head.computed_from)
        source += ', from ' + head.computed_from;
    ML.fact(facts, 'plan source', source);
    if (check && check.seed_shuffle !== null && check.seed_shuffle !== undefined)
        ML.fact(facts, 'compiler', check.seed_shuffle
            ? 'today\u2019s planner (live-value lists shuffled with the attempt number as seed)'
            : 'an older planner (one unshuffled attempt)');
    const more = ML.clear(document.getElementById('more-facts'));
    ML.fact(more, 'file', head.file, 'raw');
    ML.fact(more, 'IR', head.ir_file || head.ir_note || 'none found', 'raw');
    if (head.log)
        ML.fact(more, 'compile log', head.log.file + ' (' + head.log.ops + ' ops)', 'raw');
    else if (head.log_note)
        ML.fact(more, 'compile log', head.log_note);
    for (const note of scope.notes || [])
        ML.fact(facts, 'note', note);
    if (scope.block_count > m.count)
        ML.fact(facts, 'left out', 'This page holds ' + m.count + ' of the scope\u2019s ' + scope.block_count +
            ' blocks (the largest); blocks.csv of the report lists every one.', 'over');
};

ML.App.prototype.showRange = function (view) {
    const from = Math.max(this.model.firstOp, Math.floor(view.x0));
    const to = Math.min(this.model.lastOp, Math.ceil(view.x1) - 1);
    document.getElementById('view-range').textContent = 'ops ' + from + ' \u2013 ' + to + ' of ' + this.model.firstOp +
        ' \u2013 ' + this.model.lastOp;
};

ML.App.prototype.setFilterMask = function (mask) {
    this.filterMask = mask;
    this.chart.redraw();
};

ML.App.prototype.select = function (i, from) {
    this.selected = i;
    this.details.show(i);
    if (from !== 'chart')
        this.chart.reveal(i);
    else
        this.chart.redraw();
    this.table.reveal(i);
};

// Selects the first block among [buffer id, copy] pairs (a row of the diagnosis).
ML.App.prototype.selectPair = function (pairs) {
    if (!pairs || !pairs.length)
        return;
    const m = this.model;
    for (let i = 0; i < m.count; ++i)
        if (m.id(i) === pairs[0][0] && m.blocks.copy[i] === pairs[0][1]) {
            this.select(i, 'diagnosis');
            return;
        }
};

ML.App.prototype.showOp = function (op) {
    const v = this.chart.view;
    const span = v.x1 - v.x0;
    v.x0 = op + 0.5 - span / 2;
    v.x1 = v.x0 + span;
    this.usage.hoverOp = op;
    this.chart.changed();
};

// The lines of a block's tooltip.
ML.App.prototype.blockFacts = function (i) {
    const m = this.model;
    const b = m.blocks;
    const lines = [];
    lines.push({text: m.name(i) + (b.copy[i] > 0 ? ' (copy ' + b.copy[i] + ')' : ''), className: 'tip-title'});
    lines.push({text: 'Life [' + b.start[i] + ', ' + b.end[i] + ']'});
    lines.push({text: ML.bytes(b.size[i]) + ' at ' + b.offset[i] + ' \u2013 ' + (b.offset[i] + b.size[i])});
    if (m.isOver(i))
        lines.push({text: 'above capacity by ' + ML.bytes(b.offset[i] + b.size[i] - m.capacity), className: 'tip-over'});
    if (m.isTmp(i))
        lines.push({text: 'temporary buffer'});
    const python = m.pythonText(i);
    if (python)
        lines.push({text: 'Python ' + python});
    const ir = m.irText(i);
    if (ir)
        lines.push({text: 'IR ' + ir});
    return lines;
};

window.addEventListener('DOMContentLoaded', function () {
    let data;
    const started = performance.now();
    try {
        data = ML.loadData();
    } catch (error) {
        document.getElementById('kernel').textContent = 'memlens: the page\u2019s data could not be read: ' + error.message;
        return;
    }
    const parsed = performance.now();
    const app = new ML.App(data);
    // For the browser test and the curious: the page's state, read-only by convention.
    window.memlens = {
        app: app,
        view: function () { return Object.assign({}, app.chart.view); },
        selected: function () { return app.selected; },
        timings: {parse: parsed - started, build: performance.now() - parsed, sinceNavigation: performance.now()},
    };
});
