"""The errors the deep worker reports as its protocol's error event (gpudoctor/deep/worker.py)."""

from __future__ import annotations


class LibraryCallError(Exception):
    """A failed library call (or a library or symbol that could not be loaded).

    Attributes: ``name`` (the library's own result name, such as CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, or
    a pseudo name), ``code`` (int or None), ``func`` (the API function), ``message`` (text, may be None).
    """

    def __init__(self, name, code=None, func=None, message=None):
        self.name = name
        self.code = code
        self.func = func
        self.message = message
        super().__init__(str(self))

    def __str__(self):
        text = self.name
        if self.code is not None:
            text = "%s (%d)" % (text, self.code)
        if self.func:
            text = "%s: %s" % (self.func, text)
        if self.message:
            text = "%s: %s" % (text, self.message)
        return text


class WorkerError(Exception):
    """The worker's own refusal (BAD_ARGUMENTS, BAD_DEVICES): ``name`` and ``message`` as in the error event."""

    def __init__(self, name, message):
        self.name = name
        self.message = message
        self.code = None
        self.func = None
        super().__init__("%s: %s" % (name, message))
