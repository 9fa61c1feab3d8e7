"""Placeholder while tapejit has no old-style ``Function``: ``chainer.testing`` imports it.

``tapejit.function``, once it exists, is found first and replaces this file.
"""
