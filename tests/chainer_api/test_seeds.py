"""The examples of Chainer's reference pages, run against tapejit.

``tests/chainer_api/seeds/`` holds committed doctest copies of the ``>>>`` examples of the
reference pages in ``../shared/seeds/`` (relative to the repository root).
Each copy must pass, and, where the pages are present, must still contain
every example of its page (source lines verbatim, expected output equal up to
whitespace) so that the copies cannot drift from the pages.
"""

import doctest
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
COPIES = pathlib.Path(__file__).resolve().parent / 'seeds'
PAGES = ROOT.parent / 'shared' / 'seeds'

# copy file -> (page file or None, number of examples on the page)
SEEDS = {
    'seed_001_variables_and_derivatives.txt': ('001_952ec70deca27ea8.txt', 28),
    'seed_002_variable.txt': ('002_3b10ea47cb31b57f.txt', 6),
    'seed_003_grad.txt': ('003_148adf99dd524f6f.txt', 0),
}

OPTIONFLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


@pytest.mark.parametrize('name', sorted(SEEDS))
def test_seed_copy_passes(name):
    path = COPIES / name
    assert path.is_file(), f'missing committed seed copy {path}'
    result = doctest.testfile(str(path), module_relative=False, optionflags=OPTIONFLAGS,
                              verbose=False, report=True, encoding='utf-8')
    assert result.attempted > 0, f'{name}: no examples were run'
    assert result.failed == 0, f'{name}: {result.failed} of {result.attempted} examples failed'


def _unsquash(text):
    """Split examples that the page rendering squashed onto one line.

    On the ``chainer.Variable`` page a whole example reads
    ``>>> x = ... >>> x array([[...]]) >>> F.get_item(x, 0) variable(...) ...``.
    Each ``>>>`` starts a new statement, and the statement's output starts at
    the first ``array(`` or ``variable(`` that follows a space.
    """
    out = []
    for line in text.splitlines():
        if not line.startswith('>>> ') or ' >>> ' not in line:
            out.append(line)
            continue
        for chunk in line[4:].split(' >>> '):
            m = re.search(r' (?=(?:array|variable)\()', chunk)
            if m is None:
                out.append('>>> ' + chunk.rstrip())
            else:
                out.append('>>> ' + chunk[:m.start()].rstrip())
                out.append(chunk[m.end():].strip())
    return out


def extract_examples(lines):
    """``(source lines, expected output)`` for every ``>>>`` example in ``lines``.

    An example's expected output runs until a blank line, a code fence or the
    next ``>>>``; whitespace in it is collapsed (the pages lost some).
    """
    examples = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if not line.startswith('>>>'):
            i += 1
            continue
        source = [line[4:].rstrip()]
        i += 1
        while i < len(lines) and lines[i].strip().startswith('...'):
            source.append(lines[i].strip()[4:].rstrip())
            i += 1
        want = []
        while i < len(lines):
            s = lines[i].strip()
            if not s or s.startswith(('>>>', '```')):
                break
            want.append(s)
            i += 1
        examples.append((tuple(source), ' '.join(' '.join(want).split())))
    return examples


def _page_examples(page):
    return extract_examples(_unsquash((PAGES / page).read_text(encoding='utf-8')))


def _copy_examples(name):
    return extract_examples((COPIES / name).read_text(encoding='utf-8').splitlines())


def test_extractor_on_squashed_line():
    line = ('>>> x = np.arange(3) >>> x array([0, 1, 2]) '
            '>>> F.get_item(x, 1) # equals x[1] variable(1)')
    assert extract_examples(_unsquash(line)) == [
        (('x = np.arange(3)',), ''),
        (('x',), 'array([0, 1, 2])'),
        (('F.get_item(x, 1) # equals x[1]',), 'variable(1)'),
    ]


@pytest.mark.skipif(not PAGES.is_dir(), reason='../shared/seeds is not present')
@pytest.mark.parametrize('name', sorted(SEEDS))
def test_seed_copy_matches_page(name):
    page, count = SEEDS[name]
    page_examples = _page_examples(page)
    assert len(page_examples) == count, (
        f'{page}: expected {count} examples, found {len(page_examples)}; '
        'the page or the extractor changed')
    copy_examples = _copy_examples(name)
    copy_sources = {line for src, _ in copy_examples for line in src}
    for src, want in page_examples:
        for line in src:
            assert line in copy_sources, f'{name} lacks the example line {line!r} of {page}'
        assert (src, want) in copy_examples, (
            f'{name}: the example {src!r} of {page} is missing or expects other output '
            f'than the page ({want!r})')
    # The page's examples appear in the copy in the page's order.
    rest = iter(copy_examples)
    assert all(ex in rest for ex in page_examples), (
        f'{name}: the examples of {page} are out of the page order')
