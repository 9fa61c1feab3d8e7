"""The image datasets against arrays read by Chainer 7.8.1 from the same files."""

import os
import pickle
import zipfile

import numpy as np
import pytest

from tapejit import datasets

Image = pytest.importorskip('PIL.Image')

# Chainer 7.8.1's LabeledImageDataset(..., dtype=numpy.int32)[0][0] of c.png below
RGBA = [[[0, 40, 80], [120, 160, 200]], [[10, 50, 90], [130, 170, 210]],
        [[20, 60, 100], [140, 180, 220]], [[30, 70, 110], [150, 190, 230]]]
GREY = [[[0, 40, 80], [120, 160, 200]]]


@pytest.fixture
def root(tmp_path):
    Image.fromarray((np.arange(24, dtype=np.uint8) * 10).reshape(2, 3, 4), 'RGBA').save(
        tmp_path / 'c.png')
    Image.fromarray((np.arange(6, dtype=np.uint8) * 40).reshape(2, 3), 'L').save(
        tmp_path / 'g.png')
    with zipfile.ZipFile(tmp_path / 'z.zip', 'w') as z:
        z.write(tmp_path / 'g.png', 'dir/g.png')
        z.write(tmp_path / 'c.png', 'c.png')
    (tmp_path / 'l.txt').write_text('c.png 5\ng.png -2\n')
    (tmp_path / 'zl.txt').write_text('dir/g.png 1\nc.png 2\n')
    (tmp_path / 'paths.txt').write_text('g.png\nc.png\n')
    return str(tmp_path)


def test_labeled_image_dataset_matches_chainer(root):
    ds = datasets.LabeledImageDataset(os.path.join(root, 'l.txt'), root=root, dtype=np.int32,
                                      label_dtype=np.float32)
    image, label = ds[0]
    assert image.dtype == np.int32 and image.tolist() == RGBA
    assert label.dtype == np.float32 and label == 5.0
    assert ds[1][0].tolist() == GREY and ds[1][1] == -2


def test_image_dataset(root):
    ds = datasets.ImageDataset(os.path.join(root, 'paths.txt'), root=root)
    assert len(ds) == 2 and ds[0].dtype == np.float32
    assert ds[0].tolist() == GREY and ds[1].tolist() == RGBA
    assert datasets.ImageDataset(['c.png'], root=root, dtype=np.uint8)[0].dtype == np.uint8


def test_zipped_image_datasets_match_chainer(root):
    zipped = os.path.join(root, 'z.zip')
    ds = datasets.LabeledZippedImageDataset(zipped, os.path.join(root, 'zl.txt'))
    image, label = ds[1]
    assert image.dtype == np.float32 and image.tolist() == RGBA and label == 2
    single = datasets.ZippedImageDataset(zipped)
    assert single._paths == ['dir/g.png', 'c.png']  # Chainer's order: the archive's
    assert single.get_example('c.png').tolist() == RGBA
    assert pickle.loads(pickle.dumps(single))[0].tolist() == GREY
    multi = datasets.MultiZippedImageDataset([zipped, zipped], dtype=np.int32)
    assert len(multi) == 4
    assert [m.tolist() for m in multi[1:4]] == [RGBA, GREY, RGBA]


def test_invalid_label_file(root):
    bad = os.path.join(root, 'bad.txt')
    with open(bad, 'w') as f:
        f.write('c.png 1\nc.png\n')
    with pytest.raises(ValueError, match='invalid format at line 1'):
        datasets.LabeledImageDataset(bad, root=root)
