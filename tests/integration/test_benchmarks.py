"""The benchmark harness cannot rot: every workload runs at the tiny size on
every system installed here and gives NumPy's answers, and the runner writes
its table end to end."""

from __future__ import annotations

import functools
import json
import os

import numpy as np
import pytest

from benchmarks import report, systems, workloads
from benchmarks.overhead import measure as measure_overhead
from benchmarks.run import ROOT, END, START, _best, run, write
from benchmarks.timing import measure

# torch.compile and Chainer are checked by the full runs (their per-workload
# compiles would make this suite slow); they run the same code as torch eager /
# tapejit eager.
CHECKED = ['tapejit-jit', 'tapejit-eager', 'numpy', 'torch-eager', 'jax-jit']


def _reference(name: str, data: dict) -> list:
    if name == 'poly':
        return list(workloads.poly(data['x']))
    if name == 'layernorm_gelu':
        return list(workloads.layernorm_gelu(*(data[k] for k in ('x', 'w', 'g', 'b'))))
    if name == 'hvp':
        return [workloads.hvp(data['x'], data['v'])]
    state = {k: v.copy() for k, v in data.items()}
    loss = (workloads.adam_step if name in workloads.ADAM_STEPS else workloads.mlp_step)(state)
    return [loss] + [state[k] for k in ('W1', 'b1', 'W2', 'b2', 'W3', 'b3')]


@pytest.mark.parametrize('name', [n for n in workloads.NAMES
                                  if n not in workloads.NO_NUMPY_REFERENCE])
@pytest.mark.parametrize('system', CHECKED)
def test_workload_matches_numpy(system, name):
    mod = systems.load(system)
    why = mod.unavailable()
    if why:
        pytest.skip(why)
    data = workloads.make_data(name, 'tiny')
    fn, fetch = mod.build(name, data)
    got = fetch(fn())
    want = _reference(name, workloads.make_data(name, 'tiny'))
    assert len(got) == len(want)
    # PyTorch's Adam adds eps to sqrt(v) / sqrt(1 - beta2**t), Chainer's to
    # sqrt(v): for a gradient near eps the first step differs by a fraction
    # of alpha (1e-3).
    atol = 2e-4 if name in workloads.ADAM_STEPS else 2e-5
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g, np.float64), np.asarray(w, np.float64),
                                   rtol=2e-4, atol=atol)
    # A second call (the jitted plan's replay) runs too.
    mod.sync(fn())


def _one_step(system: str, name: str) -> list:
    """The outputs of one call of ``name`` at the tiny size on ``system``,
    copied (a later call updates the arrays in place)."""
    mod = systems.load(system)
    fn, fetch = mod.build(name, workloads.make_data(name, 'tiny'))
    got = [np.array(np.asarray(a), np.float64) for a in fetch(fn())]
    mod.sync(fn())       # a second call (the jitted plan's replay) runs too
    return got


@functools.lru_cache(maxsize=None)
def _peer_reference(name: str) -> tuple:
    """(system, outputs) the others are compared with where NumPy has no
    reference: PyTorch eager (written apart from the Chainer-API code) when
    installed, else tapejit eager."""
    ref = 'torch-eager' if systems.load('torch-eager').unavailable() is None \
        else 'tapejit-eager'
    return ref, _one_step(ref, name)


# The workload arrays each output after the loss of a one-step workload is.
STEP_KEYS = {**{name: net.params() + net.stats() for name, net in workloads.CONVNETS.items()},
             'lstm': workloads.LSTM_PARAMS,
             'transformer_block': workloads.TB_PARAMS}


@pytest.mark.parametrize('name', workloads.NO_NUMPY_REFERENCE)
@pytest.mark.parametrize('system', [s for s in CHECKED if s != 'numpy'])
def test_workload_matches_peers(system, name):
    # One step of cnn, lstm and transformer_block agrees across the systems:
    # the loss, the parameters and running averages after the update, and
    # the update itself (a step moves a parameter by about 1e-3, which the
    # parameters' own tolerance would hardly see).
    why = systems.load(system).unavailable()
    if why:
        pytest.skip(why)
    ref, want = _peer_reference(name)
    got = _one_step(system, name)
    keys = STEP_KEYS[name]
    assert len(got) == len(want) == 1 + len(keys)
    init = workloads.make_data(name, 'tiny')
    for i, (g, w) in enumerate(zip(got, want)):
        what = f'{system} vs {ref}: output {i} of {name}'
        np.testing.assert_allclose(g, w, rtol=2e-4, atol=2e-5, err_msg=what)
        if i:
            step = w - init[keys[i - 1]]
            np.testing.assert_allclose(g - init[keys[i - 1]], step, rtol=1e-3,
                                       atol=max(1e-3 * np.abs(step).max(), 1e-8),
                                       err_msg=what + ' minus its initial value')


def _np_layer_norm(x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    xc = x - x.mean(axis=-1, keepdims=True)
    return xc / np.sqrt((xc * xc).mean(axis=-1, keepdims=True) + workloads.EPS) * g + b


def test_transformer_block_loss_is_the_mse_to_the_target():
    # The loss all systems agree on is the spec's: the mean squared error of
    # the block's output to y, here from a NumPy forward pass (float64).
    d = {k: np.asarray(v, np.float64) for k, v in
         workloads.make_data('transformer_block', 'tiny').items()}
    n, s, width = d['x'].shape
    heads = int(d['heads'])
    dh = width // heads

    def linear(h, k):
        return h @ d['W' + k].T + d['b' + k]

    def split(t):
        return t.reshape(n, s, heads, dh).transpose(0, 2, 1, 3)
    h = _np_layer_norm(d['x'], d['ln1_g'], d['ln1_b'])
    scores = split(linear(h, 'q')) @ split(linear(h, 'k')).transpose(0, 1, 3, 2) / dh ** 0.5
    e = np.exp(np.where(d['mask'] > 0, scores, -np.inf) - scores.max(axis=-1, keepdims=True))
    a = (e / e.sum(axis=-1, keepdims=True)) @ split(linear(h, 'v'))
    x = d['x'] + linear(a.transpose(0, 2, 1, 3).reshape(n, s, width), 'o')
    u = linear(_np_layer_norm(x, d['ln2_g'], d['ln2_b']), 'm1')
    gelu = 0.5 * u * (1 + np.tanh(workloads.GELU_C * (u + 0.044715 * u ** 3)))
    want = np.mean((x + linear(gelu, 'm2') - d['y']) ** 2)
    got = _one_step('tapejit-eager', 'transformer_block')[0]
    np.testing.assert_allclose(got, want, rtol=1e-5)


def test_new_workloads_are_not_hand_written_in_numpy():
    # NumPy by hand refuses them with a reason (a note in the table).
    for name in workloads.NO_NUMPY_REFERENCE:
        with pytest.raises(systems.Unsupported, match='no hand-written NumPy'):
            systems.load('numpy').build(name, workloads.make_data(name, 'tiny'))


def test_numpy_hvp_is_the_hessian_vector_product():
    # The hand-written reference against central differences of the gradient.
    x = np.array([-1.5, -0.2, 0.3, 2.0])
    v = np.array([0.7, -1.1, 0.4, 2.5])

    def g(x):
        t = np.tanh(x)
        return 3 * t * t * (1 - t * t)
    eps = 1e-6
    fd = (g(x + eps * v) - g(x - eps * v)) / (2 * eps)
    np.testing.assert_allclose(workloads.hvp(x, v), fd, rtol=1e-6)


def test_roofline_moves_the_workload_bytes():
    data = workloads.make_data('poly', 'tiny')
    fn, _ = systems.load('roofline').build('poly', data)
    fn()
    with pytest.raises(systems.Unsupported, match='compute-bound'):
        systems.load('roofline').build('mlp_big', workloads.make_data('mlp_big', 'tiny'))


def test_timing_reports_the_median():
    calls = []
    r = measure(lambda: calls.append(1), lambda out: None, warmup=2, repeats=3)
    assert r['median_ms'] >= 0 and len(r['times_ms']) == 3
    assert len(calls) == 2 + 3 * r['calls_per_repeat']


def test_overhead_rows():
    rows = measure_overhead('tapejit', n=20, repeats=1)
    assert set(rows) == {'tapejit eager, no graph', 'tapejit eager, forward',
                         'tapejit eager, forward+backward'}
    assert all(isinstance(v, float) and v > 0 for v in rows.values())


def test_runner_end_to_end(tmp_path):
    # Worker processes, the compile rows (cold and warm processes), a peer that
    # is not installed here (a note, not an error), JSON, Markdown.
    names = ['tapejit-jit', 'tapejit-eager', 'numpy', 'roofline', 'tapejit-cuda']
    doc = run(['poly', 'mlp_tiny', 'compile'], names, size='tiny', repeats=1,
              overhead=False)
    res = doc['results']
    for s in ('tapejit-jit', 'tapejit-eager', 'numpy'):
        assert res[s]['poly']['median_ms'] > 0, res[s]
        assert res[s]['mlp_tiny']['median_ms'] > 0, res[s]
    assert 'compute-bound' in res['roofline']['mlp_tiny']['note']
    assert res['tapejit-jit']['compile (cold)']['median_ms'] > 0
    assert res['tapejit-jit']['compile (warm)']['median_ms'] > 0
    text = report.text_table(doc)
    assert 'poly' in text and 'compile (cold)' in text and 'x)' in text
    written = write(doc, str(tmp_path), 'python -m benchmarks --size tiny')
    assert 'results.json' in written and 'results.md' in written
    saved = json.loads((tmp_path / 'results.json').read_text())
    assert saved['machine']['cores'] == os.cpu_count()
    assert saved['versions']['tapejit']
    md = (tmp_path / 'results.md').read_text()
    assert '| poly |' in md and 'Reproduce: `python -m benchmarks --size tiny`' in md
    if doc['unavailable'].get('tapejit-cuda'):
        assert 'tapejit CUDA: ' in md


def test_rounds_take_turns_and_report_the_fastest(tmp_path):
    # Every system runs once per round; a row keeps its fastest round and
    # lists each round's median, so one slow process decides no ratio.
    doc = run(['poly'], ['numpy', 'roofline'], size='tiny', repeats=1, rounds=2,
              overhead=False)
    for s in ('numpy', 'roofline'):
        r = doc['results'][s]['poly']
        assert len(r['rounds_ms']) == 2, r
        assert r['median_ms'] == min(r['rounds_ms'])
    assert 'ran 2 times' in report.markdown(doc, 'python -m benchmarks --rounds 2')
    assert _best([{'median_ms': 3.0}, {'note': 'failed'}, {'median_ms': 2.0}]) == {
        'median_ms': 2.0, 'rounds_ms': [3.0, None, 2.0]}
    assert _best([{'note': 'refused'}]) == {'note': 'refused'}


def _fake(results: dict) -> dict:
    return {'size': 'full', 'systems': list(results), 'labels': {s: s for s in results},
            'results': results, 'unavailable': {'jax-jit': 'jax not installed'},
            'versions': {'numpy': '2'}, 'machine': {'cpu': 'X', 'cores': 2},
            'rows': ['poly', 'mlp_tiny']}


def test_report_ratios_notes_and_bar():
    doc = _fake({'tapejit-jit': {'poly': {'median_ms': 10.0}, 'mlp_tiny': {'median_ms': 0.05}},
                 'roofline': {'poly': {'median_ms': 8.0},
                              'mlp_tiny': {'note': 'compute-bound'}},
                 'torch-compile': {'poly': {'median_ms': 20.0}},
                 'jax-jit': {}})
    header, rows, notes = report.grid(doc)
    assert rows[0] == ['poly', '10.0', '8.00 (0.80x)', '20.0 (2.00x)', '[1]']
    assert rows[1] == ['mlp_tiny', '0.05', '[2]', '', '[1]']
    assert notes == ['jax-jit: jax not installed', 'roofline, mlp_tiny: compute-bound']
    bars = {b['what']: b for b in report.bar_check(doc)}
    # 10 / 8 = 1.25: at the bar is meeting it; torch.compile must be beaten outright.
    assert bars['poly: jit / roofline copy']['measured'] == '1.25x'
    assert bars['poly: jit / roofline copy']['met'] == 'yes'
    assert bars['poly: jit / torch.compile']['met'] == 'yes'
    assert 'mlp_tiny: jit / JAX jit' not in bars                 # no JAX figure: no verdict


def test_bar_of_the_user_steps_is_the_faster_compiled_peer():
    # cnn, lstm, transformer_block (and chainer_step): jit at most the faster of
    # torch.compile and JAX jit; equal meets it, one peer alone is enough.
    doc = _fake({'tapejit-jit': {'cnn': {'median_ms': 10.0}, 'lstm': {'median_ms': 5.0},
                                 'transformer_block': {'median_ms': 3.0}},
                 'torch-compile': {'cnn': {'median_ms': 20.0}, 'lstm': {'median_ms': 4.0},
                                   'transformer_block': {'note': 'refused'}},
                 'jax-jit': {'cnn': {'median_ms': 10.0}, 'lstm': {'median_ms': 8.0},
                             'transformer_block': {'median_ms': 6.0}}})
    doc['rows'] = ['cnn', 'lstm', 'transformer_block']
    bars = {b['what'].split(':')[0]: b for b in report.bar_check(doc)
            if 'faster of' in b['what']}
    assert set(bars) == {'cnn', 'lstm', 'transformer_block'}     # no chainer_step figures
    assert (bars['cnn']['measured'], bars['cnn']['met']) == ('1.00x', 'yes')
    assert (bars['lstm']['measured'], bars['lstm']['met']) == ('1.25x', 'no')
    assert (bars['transformer_block']['measured'],
            bars['transformer_block']['met']) == ('0.50x', 'yes')


def test_bar_of_eager_mode_is_pytorch_eager_on_every_workload():
    # The spec: eager at most PyTorch eager's time on every workload, and
    # chainer_step's jit at most half of PyTorch eager's.
    doc = _fake({'tapejit-jit': {'poly': {'median_ms': 1.0}, 'chainer_step': {'median_ms': 1.0}},
                 'tapejit-eager': {'poly': {'median_ms': 5.0},
                                   'chainer_step': {'median_ms': 2.5}},
                 'torch-eager': {'poly': {'median_ms': 5.0},
                                 'chainer_step': {'median_ms': 1.5}},
                 'chainer': {'poly': {'median_ms': 100.0},
                             'chainer_step': {'median_ms': 100.0}}})
    doc['rows'] = ['poly', 'chainer_step']
    bars = {b['what']: b for b in report.bar_check(doc)}
    assert (bars['poly: eager / torch eager']['measured'],
            bars['poly: eager / torch eager']['met']) == ('1.00x', 'yes')
    assert (bars['chainer_step: eager / torch eager']['measured'],
            bars['chainer_step: eager / torch eager']['met']) == ('1.67x', 'no')
    assert (bars['chainer_step: jit / torch eager']['measured'],
            bars['chainer_step: jit / torch eager']['met']) == ('0.67x', 'no')
    assert not any('Chainer eager' in b for b in bars)


def test_readme_shows_the_committed_results():
    # The README's performance table is the one benchmarks/ last wrote.
    with open(os.path.join(ROOT, 'README.md')) as f:
        readme = f.read()
    with open(os.path.join(ROOT, 'benchmarks', 'results', 'results.md')) as f:
        md = f.read()
    block = readme.split(START, 1)[1].split(END, 1)[0]
    assert block == '\n' + md


def test_speed_under_load_pairs_each_round_and_checks_the_bar():
    # Two rounds; each round's loaded median over the same round's quiet one,
    # the median over rounds; tapejit's slowdown against JAX's, and the
    # slowest call against the 10x bar under one busy process.
    from benchmarks import load
    figures = {
        ('tapejit-jit', 'quiet'): [10.0, 12.0], ('tapejit-jit', 'loaded'): [15.0, 24.0],
        ('jax-jit', 'quiet'): [10.0, 10.0], ('jax-jit', 'loaded'): [18.0, 22.0]}
    calls = []

    def call(system):
        phase = 'loaded' if len(calls) % 2 else 'quiet'
        calls.append((system, phase))
        k = sum(1 for c in calls if c == (system, phase)) - 1
        ms = figures[system, phase][k]
        return {'results': {'mlp_big': {'median_ms': ms, 'slowest_call_ms': 3 * ms},
                            'cnn': {'note': 'refused'}}}, None
    doc = load.run(call, ['tapejit-jit', 'jax-jit'], ['mlp_big', 'cnn'], 1, 2, lambda m: None)
    assert calls[:2] == [('tapejit-jit', 'quiet'), ('tapejit-jit', 'loaded')]
    (row,) = [r for r in load.rows(doc) if r[1] == 'tapejit-jit']
    # rounds: 1.5x and 2.0x -> 1.75x; JAX: 1.8x and 2.2x -> 2.0x
    assert row[0] == 'mlp_big' and row[4] == pytest.approx(1.75) and row[5] == pytest.approx(2.0)
    bars = {what: met for what, _, _, met in load.bars(doc)}
    assert bars == {'mlp_big: tapejit-jit slowdown / JAX jit slowdown': True,
                    'mlp_big: tapejit-jit slowest call / median': True}
    md = load.markdown(doc, {'tapejit-jit': 'tapejit jit', 'jax-jit': 'JAX jit'},
                       {'cpu': 'x', 'cores': 2}, 'python -m benchmarks --background-load 1')
    assert '| mlp_big | tapejit jit | 10 | 15 | 1.75x | 2.00x | 3.0x |' in md


def test_busy_processes_run_for_the_block_only():
    import time

    from benchmarks import load
    with load.busy(2) as procs:
        t = time.process_time()
        time.sleep(0.1)
        assert time.process_time() - t < 0.05          # (the busy ones are other processes)
        assert len(procs) == 2 and all(p.poll() is None for p in procs)
    assert all(p.poll() is not None for p in procs)


@pytest.mark.parametrize('name, rows, direction', [('conv_kernels', 'layers', 'filter gradient'),
                                                   ('product_kernels', 'products',
                                                    'weight gradient'),
                                                   ('attention_kernels', 'attention', 'causal')])
def test_each_kernel_report_runs_and_compares_with_the_peak(tmp_path, name, rows, direction):
    import importlib
    importlib.import_module(f'benchmarks.{name}').main(
        ['--size', 'tiny', '--rounds', '1', '--repeats', '1', '--out', str(tmp_path)])
    text = (tmp_path / f'{name}.md').read_text()
    assert 'FMA peak on' in text and direction in text
    result = json.loads((tmp_path / f'{name}.json').read_text())
    assert result['fma_peak_gflops'] > 0 and len(result[rows]) >= 3
    # (Per layer a list of three directions; per product one figure; per
    # attention its milliseconds and GFLOP/s.)
    assert all(np.all(np.asarray(row['tapejit'] if name != 'attention_kernels'
                                 else row['tapejit']['ms']) > 0) for row in result[rows])


def test_eager_functions_report_runs_against_pytorch(tmp_path):
    pytest.importorskip('torch')
    from benchmarks import eager_functions
    eager_functions.main(['--size', 'tiny', '--rounds', '1', '--repeats', '1',
                          '--out', str(tmp_path)])
    result = json.loads((tmp_path / 'eager_functions.json').read_text())
    assert result['shape'] == [16, 32]
    names = [r['function'] for r in result['rows']]
    assert {'relu', 'gelu', 'softmax_cross_entropy'} <= set(names)
    assert all(r[k] > 0 for r in result['rows'] for k in ('tapejit', 'torch', 'tapejit f+b',
                                                          'torch f+b'))
    text = (tmp_path / 'eager_functions.md').read_text()
    assert '16 x 32' in text and '| relu |' in text
