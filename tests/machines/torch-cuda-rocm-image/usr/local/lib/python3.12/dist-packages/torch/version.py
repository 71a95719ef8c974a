from typing import Optional

__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip']
__version__ = '2.12.0+cu130'
debug = False
cuda: Optional[str] = '13.0'
git_version = 'b3c5e8a1d2f4c6b7a8e9d0c1b2a3f4e5d6c7b8a9'
hip: Optional[str] = None
