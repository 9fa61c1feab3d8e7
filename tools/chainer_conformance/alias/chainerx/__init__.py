"""ChainerX is absent, as on a Chainer install built without it."""


def is_available():
    return False


class ndarray:  # noqa: N801 (Chainer's name); nothing is ever an instance
    pass


class Device:
    pass


class DeviceScope:
    def __init__(self, *args, **kwargs):
        raise RuntimeError('ChainerX is not available')
