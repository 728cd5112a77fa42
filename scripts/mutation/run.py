#!/usr/bin/env python3
"""Applies each mutant of a set by hand, builds, runs the test that must catch it, and puts the
file back: `scripts/mutation/run.py TREE SET [INDEX...]`. TREE is a git worktree of memlens with
a configured build-asan (as scripts/test.sh configures it); SET is survivors_round5 or
new_code_round6. Prints a line per mutant (killed, SURVIVED, or SKIP when its text is not found
once) and the count killed. It edits TREE's files: never point it at the tree you work in."""
import importlib
import os
import subprocess
import sys

CORE = 'tests/memlens_core_tests'
VIEWS = 'tests/memlens_views_tests'


def run(tree, kind, filt, env):
    build = os.path.join(tree, 'build-asan')
    memlens = os.path.join(build, 'app/memlens')
    page = ['python3', os.path.join(tree, 'tests/html/run_page_tests.py'), memlens, tree,
            os.path.join(build, 'tests/html-page-tests')]
    record = [os.path.join(tree, 'tests/cli/run_record_tests.sh'), memlens, tree]
    catch = lambda binary, f: [os.path.join(build, binary), f, '--filenames-as-tags']
    commands = {
        'core': [catch(CORE, filt)],
        'views': [catch(VIEWS, filt)],
        'record': [catch(CORE, '[#test_record]'), record],
        'pagecore': [catch(CORE, filt), page],
        'page': [page],
    }[kind]
    return all(subprocess.run(c, cwd=build, capture_output=True, env=env, timeout=1200).returncode == 0
               for c in commands)


def main():
    tree, name, only = sys.argv[1], sys.argv[2], set(sys.argv[3:])
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    mutants = importlib.import_module(name).MUTANTS
    env = dict(os.environ, QT_QPA_PLATFORM='offscreen', ASAN_OPTIONS='detect_leaks=0')
    killed = tried = 0
    for i, (path, old, new, (kind, filt)) in enumerate(mutants):
        if only and str(i) not in only:
            continue
        file = os.path.join(tree, path)
        text = open(file).read()
        if text.count(old) != 1:
            print(i, path, 'SKIP: the text is found %d times' % text.count(old), flush=True)
            continue
        open(file, 'w').write(text.replace(old, new))
        try:
            targets = {'core': [CORE], 'views': [VIEWS], 'page': ['app/memlens']}.get(kind, ['app/memlens', CORE])
            built = subprocess.run(['ninja'] + targets, cwd=os.path.join(tree, 'build-asan'), capture_output=True)
            caught = built.returncode != 0 or not run(tree, kind, filt, env)
        except subprocess.TimeoutExpired:
            caught = True
        finally:
            open(file, 'w').write(text)
        tried += 1
        killed += caught
        print(i, path, 'killed' if caught else 'SURVIVED', flush=True)
    print('killed %d of %d' % (killed, tried))


if __name__ == '__main__':
    main()
