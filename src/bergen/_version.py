"""The package's version, read by the build from this file (pyproject.toml,
``[tool.hatch.version]``) and by ``bergen.__version__``, without importing
``importlib.metadata`` (slow to import) at ``import bergen``.
"""

__version__ = "0.3.0"
