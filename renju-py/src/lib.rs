//! Python bindings of the renju library (being written).
