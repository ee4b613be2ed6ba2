// Placeholder while the module is written; replaced by its real sources.
