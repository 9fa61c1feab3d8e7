"""load_npz loads all or nothing: a damaged or mismatched file leaves the
link (and an optimizer being loaded) exactly as it was, and a file that is
not an .npz archive is refused, saying what it is."""

from __future__ import annotations

import io
import pickle
import zipfile

import numpy as np
import pytest

import tapejit
from tapejit import links as L, optimizers, serializers


def _model(n_in=3, lazy=False):
    return tapejit.Chain(l1=L.Linear(None if lazy else n_in, 4), l2=L.Linear(4, 2))


def _state(obj):
    """Everything a load could change, copied."""
    if isinstance(obj, tapejit.Link):
        return {name: (None if p.array is None else p.array.copy())
                for name, p in obj.namedparams()}
    rules = {name: p.update_rule for name, p in obj.target.namedparams()}
    return {'t': obj.t, 'epoch': obj.epoch,
            **{f'{name}/t': r.t for name, r in rules.items()},
            **{f'{name}/{k}': np.array(v) for name, r in rules.items()
               for k, v in (r.state or {}).items()},
            **{f'{name}/state': r.state is None for name, r in rules.items()}}


def _same(a, b):
    assert a.keys() == b.keys()
    for k in a:
        if isinstance(a[k], np.ndarray):
            np.testing.assert_array_equal(a[k], b[k], err_msg=k)
        else:
            assert a[k] == b[k], k


def _saved(obj, **changes):
    """``obj``'s file, as arrays, with ``changes`` (None: the key removed)."""
    f = io.BytesIO()
    serializers.save_npz(f, obj, compression=False)
    f.seek(0)
    with np.load(f) as z:
        arrays = dict(z)
    for k, v in changes.items():
        if v is None:
            del arrays[k]
        else:
            arrays[k] = v
    return arrays


def _file(arrays, compressed=False):
    f = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(f, **arrays)
    f.seek(0)
    return f


# ------------------------------------------------------------------ links
@pytest.mark.parametrize('change, error, match', [
    ({'l2/W': np.zeros((2, 5), np.float32)}, ValueError, "'l2/W' has shape"),
    ({'l2/b': None}, KeyError, "'l2/b' is not in the file"),
    ({'l2/W': np.zeros((2, 4), np.complex64)}, TypeError, "'l2/W' holds complex64"),
])
def test_a_mismatched_file_leaves_the_link_untouched(change, error, match):
    src, dst = _model(), _model()
    before = _state(dst)
    with pytest.raises(error, match=match):
        serializers.load_npz(_file(_saved(src, **change)), dst)
    _same(_state(dst), before)  # l1 (read before l2) was not loaded either


def test_an_uninitialized_parameter_stays_uninitialized():
    src, dst = _model(), _model(lazy=True)
    with pytest.raises(ValueError, match="'l2/W' has shape"):
        serializers.load_npz(_file(_saved(src, **{'l2/W': np.zeros((2, 5), np.float32)})), dst)
    assert dst.l1.W.array is None


def test_a_damaged_entry_leaves_the_link_untouched():
    # An uncompressed archive with one byte of l2/W's data flipped: its CRC
    # fails when it is read, after l1's arrays were.
    src, dst = _model(), _model()
    raw = bytearray(_file(_saved(src)).getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(raw))) as z:
        info = z.getinfo('l2/W.npy')
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    raw[start + info.compress_size - 3] ^= 0x55
    before = _state(dst)
    with pytest.raises(ValueError, match=r"'l2/W' in .* cannot be read .*damaged"):
        serializers.load_npz(io.BytesIO(bytes(raw)), dst)
    _same(_state(dst), before)


@pytest.mark.parametrize('keep', [0.5, 0.9])
def test_a_truncated_file_leaves_the_link_untouched(tmp_path, keep):
    src, dst = _model(), _model()
    data = _file(_saved(src), compressed=True).getvalue()
    path = tmp_path / 'cut.npz'
    path.write_bytes(data[:int(len(data) * keep)])
    before = _state(dst)
    with pytest.raises(ValueError, match=f'{path}.*damaged or truncated'):
        serializers.load_npz(str(path), dst)
    _same(_state(dst), before)


def test_good_files_still_load_with_chainers_arguments():
    src = _model()
    dst = _model()
    serializers.load_npz(_file(_saved(src)), dst)
    np.testing.assert_array_equal(dst.l2.W.array, src.l2.W.array)
    # strict=False skips what is missing; ignore_names what is named
    other = _model()
    b = other.l2.b.array.copy()
    serializers.load_npz(_file(_saved(src, **{'l2/b': None})), other, strict=False)
    np.testing.assert_array_equal(other.l2.b.array, b)
    np.testing.assert_array_equal(other.l2.W.array, src.l2.W.array)
    third = _model()
    W = third.l2.W.array.copy()
    serializers.load_npz(_file(_saved(src, **{'l2/W': np.zeros((9,))})), third,
                         ignore_names=['l2/W'])
    np.testing.assert_array_equal(third.l2.W.array, W)
    np.testing.assert_array_equal(third.l1.W.array, src.l1.W.array)
    # path selects a sub-tree
    sub = L.Linear(4, 2)
    serializers.load_npz(_file(_saved(src)), sub, path='l2/')
    np.testing.assert_array_equal(sub.W.array, src.l2.W.array)


# -------------------------------------------------------------- optimizers
def _trained():
    model = _model()
    opt = optimizers.Adam()
    opt.setup(model)
    x = np.ones((2, 3), np.float32)
    for _ in range(2):
        model.cleargrads()
        loss = tapejit.functions.sum(model.l2(model.l1(x)))
        loss.backward()
        opt.update()
    return opt


@pytest.mark.parametrize('fresh', [True, False])
def test_a_file_missing_a_state_entry_leaves_the_optimizer_untouched(fresh):
    saved = _saved(_trained(), **{'l2/b/v': None})
    if fresh:  # a new optimizer: its rules have no state yet
        opt = optimizers.Adam()
        opt.setup(_model())
    else:
        opt = _trained()
        opt.t, opt.epoch = 7, 3
    before = _state(opt)
    with pytest.raises(KeyError, match="'l2/b/v' is not in the file"):
        serializers.load_npz(_file(saved), opt)
    _same(_state(opt), before)  # t, epoch and l1's state were not loaded either


def test_a_state_entry_of_another_shape_leaves_the_optimizer_untouched():
    opt = _trained()
    saved = _saved(opt, **{'t': np.array(99), 'l2/W/m': np.zeros((3, 3), np.float32)})
    before = _state(opt)
    with pytest.raises(ValueError, match="'l2/W/m' has shape"):
        serializers.load_npz(_file(saved), opt)
    _same(_state(opt), before)


def test_an_optimizer_resumes_from_a_good_file():
    src = _trained()
    opt = optimizers.Adam()
    opt.setup(_model())
    serializers.load_npz(_file(_saved(src)), opt)
    assert opt.t == src.t
    for (name, p), (_, q) in zip(opt.target.namedparams(), src.target.namedparams()):
        for k in ('m', 'v'):
            np.testing.assert_array_equal(p.update_rule.state[k], q.update_rule.state[k])


# ---------------------------------------------------------- not an archive
@pytest.mark.parametrize('kind, what', [
    ('npy', r'a single array \(\.npy'),
    ('text', "the text 'W,b\\\\n1.0,2.0"),
    ('pickle', 'a pickle'),
    ('empty', 'it is empty'),
    ('binary', 'the bytes 00 01 02'),
])
def test_a_file_that_is_not_an_npz_archive_is_named(tmp_path, kind, what):
    path = tmp_path / f'weights.{kind}'
    if kind == 'npy':
        np.save(path, np.ones(3))
        path = tmp_path / 'weights.npy'
    elif kind == 'text':
        path.write_text('W,b\n1.0,2.0\n')
    elif kind == 'pickle':
        path.write_bytes(pickle.dumps({'W': np.ones(3)}))
    elif kind == 'empty':
        path.write_bytes(b'')
    else:
        path.write_bytes(bytes(range(32)))
    dst = _model()
    before = _state(dst)
    with pytest.raises(ValueError, match=f'load_npz: {path} is not an .npz archive: .*{what}'):
        serializers.load_npz(str(path), dst)
    with pytest.raises(ValueError, match='is not an .npz archive'):
        serializers.load_npz(path, dst)  # (a pathlib.Path too)
    with open(path, 'rb') as f:  # a file object: named by its name
        with pytest.raises(ValueError, match=f'{path} is not an .npz archive'):
            serializers.load_npz(f, dst)
    _same(_state(dst), before)


def test_an_entry_holding_pickled_objects_is_refused_by_name():
    src, dst = _model(), _model()
    arrays = _saved(src, **{'l2/b': np.array([{'x': 1}, None], dtype=object)})
    before = _state(dst)
    with pytest.raises(ValueError, match="'l2/b' in .* holds Python objects"):
        serializers.load_npz(_file(arrays), dst)
    _same(_state(dst), before)
