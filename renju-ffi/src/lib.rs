//! C API of the renju library (being written).
