"""Chainer's names of memory layouts, for test files that import them.

tapejit keeps every array in NCHW order (Chainer's default, whose layout
name is None); the channel-last layouts are cuDNN's, and the tests using
them run on GPUs only.
"""

CUDNN_CHANNEL_FIRST_X = None
CUDNN_CHANNEL_LAST_X = 'CUDNN_CHANNEL_LAST_X'
CUDNN_CHANNEL_FIRST_W = None
CUDNN_CHANNEL_LAST_W = 'CUDNN_CHANNEL_LAST_W'
