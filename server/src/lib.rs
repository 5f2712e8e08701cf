//! Tengen server.
