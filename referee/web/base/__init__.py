"""What every page stands on: the Flask extensions and the stored tables' models, the
schema upgrade lock, reading request values, links, paging, the weighed caches, heavy
work one piece at a time under each request's deadline, compression, a game's own
assets and the installable shell (manifest, icons, service worker)."""
