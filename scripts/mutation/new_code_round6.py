"""Mutants of this round's new code: the compiler generations, memlens record, the plan page.
(file, text, replacement, (kind, Catch filter)); kind core, record, page or pagecore."""
CORE_FILTER = ('[#test_compiler_generations],[#test_planner_rules],[#test_planner_pass],[#test_planner_check],'
               '[#test_verdict_rules],[#test_run_summary]')


def core(filt):
    return ('core', filt)


REC = ('record', None)
PAGE = ('page', None)
PAGEC = ('pagecore', '[#test_plan_page]')
GEN = CORE_FILTER
MUTANTS = [
 ('core/planner/compiler_generation.cpp','options.shuffleSeeds = generation != CompilerGeneration::Earlier;','options.shuffleSeeds = true;',core(GEN)),
 ('core/planner/compiler_generation.cpp','options.rules.sharedMemDynamicSize = newer;','options.rules.sharedMemDynamicSize = false;',core(GEN)),
 ('core/planner/compiler_generation.cpp','options.rules.selectInitKeepsYieldApart = newer;','options.rules.selectInitKeepsYieldApart = true;',core(GEN)),
 ('core/planner/compiler_generation.cpp','    if (name == "52f96a1")','    if (name == "52f96a2")',core(GEN)),
 ('core/planner/compiler_generation.cpp','{CompilerGeneration::Newer, CompilerGeneration::G52f96a1, CompilerGeneration::Earlier}','{CompilerGeneration::Earlier, CompilerGeneration::G52f96a1, CompilerGeneration::Newer}',core(GEN)),
 ('core/planner/plan_pass.cpp','    if (sharedMemDynamicSizeBytes)\n        return CompilerGeneration::Newer;','    if (false)\n        return CompilerGeneration::Newer;',core(GEN)),
 ('core/planner/plan_target.cpp','if (bytes < 0 || bits < least || bits > most) {','if (bytes < 0 || bits > most) {',core(GEN)),
 ('core/planner/buffer_liveness.cpp','init->definingOp->name != "arith.select"','init->definingOp->name != "arith.selectx"',core(GEN)),
 ('core/planner/buffer_liveness_ops.cpp','info.ignoreInplace = selectInitYields_.count(buffer) > 0;','info.ignoreInplace = false;',core(GEN)),
 ('core/document/computed_plan.cpp','scratch.compilerDifferences == 0','scratch.compilerDifferences <= 1',core(GEN)),
 ('core/record/compile_call.cpp','    return arg == "--help" ||','    return arg == "--helpx" ||',REC),
 ('core/record/compile_call.cpp','call.pass = call.regBase ? "hivm-plan-memory-regbase" : "hivm-plan-memory";','call.pass = "hivm-plan-memory";',REC),
 ('core/record/compile_call.cpp','call.addedBefore = !hasArg(args, before)','call.addedBefore = hasArg(args, before)',REC),
 ('core/record/record_setup.cpp','{"TRITON_DISABLE_LINE_INFO", "0"}','{"TRITON_DISABLE_LINE_INFO", "1"}',REC),
 ('core/record/record_command.cpp','commandLine.failAbove && summaryStatus == kExitOverflow','commandLine.failAbove && summaryStatus == 99',REC),
 ('core/record/ir_section_filter.cpp','if (!startsWith(text, "// -----// IR Dump ") || !contains(text, "(" + pass_ + ")"))','if (!startsWith(text, "// -----// IR Dump "))',REC),
 ('core/record/record_files.cpp','to.c_str(), RENAME_NOREPLACE)','to.c_str(), 0)',REC),
 ('core/record/compile_interposer.cpp','    if (WIFSIGNALED(status)) {','    if (false) {',REC),
 ('core/record/record_command.cpp','    if (WIFSIGNALED(status)) {','    if (false) {',REC),
 ('core/run/config_envelope.cpp','*value > largest[name]','*value < largest[name]',REC),
 ('core/cli/plan_page.cpp','            out += "\\\\u003c";','            out += "<";',PAGEC),
 ('core/cli/plan_page.cpp','''out += json[i + 2] == '\\xa8' ? "\\\\u2028" : "\\\\u2029";''','out += "\\\\u2029";',PAGEC),
 ('core/cli/plan_page.cpp','            out += "\\\\u0026";','            out += "&";',PAGEC),
 ('resources/html/util.js','node.textContent = String(text);','node.innerHTML = String(text);',PAGE),
 ('resources/html/table.js',"this.filterBox.addEventListener('input', function () { self.applyFilter(); });","this.filterBox.addEventListener('input', function () { });",PAGE),
 ('resources/html/table.js',"cell.addEventListener('click', function () { self.sortBy(column.key); });","cell.addEventListener('click', function () { });",PAGE),
 ('core/cli/plan_page.hpp','inline constexpr int kPlanPageContextLines = 3;','inline constexpr int kPlanPageContextLines = 0;',PAGEC),
 ('resources/html/details.js',"ML.baseName(file) + ':' + line","ML.baseName(file) + ':' + (line + 1)",PAGE),
 ('resources/html/util.js','        view.draw();\n','',PAGE),
 ('resources/html/chart.js',"canvas.addEventListener('wheel',","canvas.addEventListener('wheelx',",PAGE),
]

