"""``dataset.cached_download`` and ``dataset.cache_or_load_file`` as Chainer's
(text_classification's loaders call ``cached_download``): the download cache
is Chainer's (``_dl_cache/<md5 of the URL>``), and nothing is downloaded."""

import hashlib
import os

import numpy as np
import pytest

import tapejit
from tapejit import dataset


@pytest.fixture
def root(tmp_path):
    dataset.set_dataset_root(str(tmp_path / 'root'))
    yield tmp_path / 'root'
    dataset.set_dataset_root(None)


def test_cached_download_reads_chainers_cache(root):
    url = 'https://raw.githubusercontent.com/harvardnlp/sent-conv-torch/master/data/TREC.test.all'
    entry = root / '_dl_cache' / hashlib.md5(url.encode('utf-8')).hexdigest()
    with pytest.raises(tapejit.datasets.DatasetNotFoundError, match=str(entry)):
        dataset.cached_download(url)
    assert (root / '_dl_cache').is_dir()  # made, as Chainer makes it
    entry.write_text('1 a question\n')
    assert dataset.cached_download(url) == str(entry)
    assert isinstance(tapejit.datasets.DatasetNotFoundError('x'), OSError)


def test_cache_or_load_file_creates_once_then_loads(root, tmp_path):
    path = str(tmp_path / 'made.npy')
    calls = []

    def create(tmp):
        calls.append(tmp)
        assert tmp != path and not os.path.exists(path)
        np.save(tmp, np.arange(3))
        return 'created'
    assert dataset.cache_or_load_file(path, create, np.load) == 'created'
    np.testing.assert_array_equal(np.load(path), [0, 1, 2])
    np.testing.assert_array_equal(dataset.cache_or_load_file(path, create, np.load), [0, 1, 2])
    assert len(calls) == 1
    assert root.is_dir()


def test_cache_or_load_file_refuses_a_root_that_is_a_file(tmp_path):
    (tmp_path / 'file').write_text('')
    dataset.set_dataset_root(str(tmp_path / 'file'))
    try:
        with pytest.raises(RuntimeError, match='dataset directory'):
            dataset.cache_or_load_file(str(tmp_path / 'x'), lambda p: None, np.load)
    finally:
        dataset.set_dataset_root(None)
