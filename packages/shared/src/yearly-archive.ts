/** Issue 18: filled by its lane (see docs/ARCHITECTURE.md, « Books and proof »). */
export {};
