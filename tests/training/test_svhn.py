"""get_svhn makes its ``.npz`` from the MATLAB files of the download cache, as
Chainer's makes it from what it downloads; values computed with Chainer 7.8.1
on the same files."""

import hashlib
import os

import numpy as np
import pytest

from tapejit import datasets

io = pytest.importorskip('scipy.io')


@pytest.fixture
def root(tmp_path, monkeypatch):
    monkeypatch.setenv('TAPEJIT_DATASET_ROOT', str(tmp_path))
    (tmp_path / '_dl_cache').mkdir()
    for name, n in (('train', 3), ('test', 2)):
        url = f'http://ufldl.stanford.edu/housenumbers/{name}_32x32.mat'
        x = (np.arange(32 * 32 * 3 * n) % 251).astype(np.uint8).reshape(32, 32, 3, n)
        y = np.array([[10], [1], [7]][:n], dtype=np.float64)
        io.savemat(tmp_path / '_dl_cache' / hashlib.md5(url.encode()).hexdigest(),
                   {'X': x, 'y': y})
    return tmp_path


def test_made_from_the_mat_files_as_chainer(root):
    train, test = datasets.get_svhn()
    # Chainer 7.8.1, the same files
    assert (len(train), len(test)) == (3, 2)
    assert train[0][0].shape == (3, 32, 32) and train[0][0].dtype == np.float32
    assert train[0][1].dtype == np.int32
    assert [int(y) for _, y in train] == [0, 1, 7] and [int(y) for _, y in test] == [0, 1]
    assert float(train[0][0][0, 0, 0]) == 0.0
    assert float(train[0][0][1, 2, 3]) == pytest.approx(0.4078431725502014)
    assert float(train[2][0][2, 31, 30]) == pytest.approx(0.6666666865348816)
    assert float(test[1][0].sum()) == pytest.approx(1490.58837890625)
    with np.load(os.path.join(root, 'pfnet', 'chainer', 'svhn', 'train.npz')) as npz:
        assert (npz['x'].shape, npz['x'].dtype) == ((32, 32, 3, 3), np.uint8)
        assert (npz['y'].shape, npz['y'].dtype) == ((3, 1), np.uint8)
        assert npz['y'].ravel().tolist() == [10, 1, 7]


def test_the_npz_is_read_without_the_mat_files(root):
    datasets.get_svhn()
    for entry in (root / '_dl_cache').iterdir():
        entry.unlink()
    x, _ = datasets.get_svhn(withlabel=False, scale=255., dtype=np.float64)
    # Chainer 7.8.1
    assert (type(x), x.shape, x.dtype) == (np.ndarray, (3, 3, 32, 32), np.float64)
    assert float(x[1, 2, 5, 7]) == 4.0
    with pytest.raises(datasets.DatasetNotFoundError, match='extra_32x32.mat'):
        datasets.get_svhn(add_extra=True)
