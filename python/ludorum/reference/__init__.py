"""The pure-Python twin of every game: the same public API as the Rust backend, written
independently from the rules pages, slow and plain on purpose. Use it with
``ludorum.new(name, backend="reference")``.
"""
