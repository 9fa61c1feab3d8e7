"""split_dataset_n(_random), get_cross_validation_datasets_random, TextDataset and
the pickle datasets against values computed with Chainer 7.8.1."""

import io
import multiprocessing
import pickle

import pytest

from tapejit import datasets


def test_split_dataset_n_matches_chainer():
    assert [s[:] for s in datasets.split_dataset_n(list(range(8)), 3)] == [[0, 1], [2, 3], [4, 5]]
    subsets = datasets.split_dataset_n(list(range(8)), 3, order=list(range(7, -1, -1)))
    assert [s[:] for s in subsets] == [[7, 6], [5, 4], [3, 2]]
    subsets = datasets.split_dataset_n_random(list(range(8)), 3, seed=4)
    assert [s[:] for s in subsets] == [[4, 7], [3, 0], [1, 5]]
    with pytest.raises(ValueError, match='positive int, got 0'):
        datasets.split_dataset_n([1, 2], 0)


def test_cross_validation_random_matches_chainer():
    folds = datasets.get_cross_validation_datasets_random(list(range(7)), 3, seed=2)
    assert [(tr[:], te[:]) for tr, te in folds] == [
        ([4, 1, 3, 2], [6, 5, 0]), ([6, 5, 0, 4, 1], [3, 2]), ([3, 2, 6, 5, 0], [4, 1])]


@pytest.fixture
def text_files(tmp_path):
    a, b = tmp_path / 'a.txt', tmp_path / 'b.txt'
    a.write_bytes('héllo\r\nworld\n\nlast'.encode('utf-8'))
    b.write_bytes(b'1\n2\n3\n4\n')
    return str(a), str(b)


def test_text_dataset_matches_chainer(text_files):
    a, b = text_files
    ds = datasets.TextDataset(a, encoding='utf-8')
    assert (len(ds), ds[:]) == (4, ['héllo\n', 'world\n', '\n', 'last'])
    ds.close()
    ds = datasets.TextDataset(a, encoding='utf-8', newline='')
    assert ds[:] == ['héllo\r\n', 'world\n', '\n', 'last']
    ds = datasets.TextDataset([a, b], encoding=['utf-8', 'ascii'],
                              filter_func=lambda x, y: x.strip() != 'world')
    assert ds[:] == [('héllo\n', '1\n'), ('\n', '3\n'), ('last', '4\n')]
    assert pickle.loads(pickle.dumps(ds))[2] == ('last', '4\n')
    assert datasets.TextDataset(a, encoding='ascii', errors='replace')[0] == 'h\ufffd\ufffdllo\n'


def test_text_dataset_errors(text_files, tmp_path):
    a, b = text_files
    short = tmp_path / 'short.txt'
    short.write_text('x\n')
    with pytest.raises(ValueError, match='same number of lines'):
        datasets.TextDataset([a, str(short)])
    with pytest.raises(ValueError, match='one per file'):
        datasets.TextDataset([a, b], encoding=['utf-8'])
    with pytest.raises(ValueError, match='at least one'):
        datasets.TextDataset([])
    ds = datasets.TextDataset(b)
    with pytest.raises(IndexError):
        ds[4]
    ds.close()
    with pytest.raises(ValueError):  # a closed file
        ds[0]


def test_pickle_dataset_writes_as_chainer():
    f = io.BytesIO()
    writer = datasets.PickleDatasetWriter(f, protocol=2)
    writer.write({'a': 1})
    writer.write((1, 'x'))
    writer.flush()
    # Chainer 7.8.1's bytes and offsets for the same writes
    assert writer._positions == [0, 17]
    assert f.getvalue().hex() == ('80027d710058010000006171014b01732e80024b01580100000078710086'
                                  '71012e')
    ds = datasets.PickleDataset(f)
    assert ds[:] == [{'a': 1}, (1, 'x')]
    assert pickle.loads(pickle.dumps(ds))[1] == (1, 'x')


def test_pickle_dataset_files_and_fork(tmp_path):
    path = str(tmp_path / 'd.pkl')
    with datasets.open_pickle_dataset_writer(path) as writer:
        for i in range(3):
            writer.write([i] * i)
    with datasets.open_pickle_dataset(path) as ds:
        assert ds[2] == [2, 2] and len(ds) == 3
        ctx = multiprocessing.get_context('fork')
        with ctx.Pool(1) as pool:  # the worker reopens the file
            assert pool.map(ds.__getitem__, [1, 2, 0]) == [[1], [2, 2], []]
        assert ds[1] == [1]


def test_pickle_dataset_needs_random_access():
    class Stream(io.BytesIO):
        def seekable(self):
            return False
    with pytest.raises(ValueError, match='random access'):
        datasets.PickleDataset(Stream())
