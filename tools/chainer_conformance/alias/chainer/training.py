"""Placeholder while tapejit has no ``training``: ``chainer.testing`` imports it.

``tapejit.training``, once it exists, is found first and replaces this file.
"""
