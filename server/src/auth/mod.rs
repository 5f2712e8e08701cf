//! Authentication and authorisation: bearer tokens (stored hashed in the log) and the role matrix.

pub mod interceptor;
pub mod role;

pub use interceptor::{authenticate, caller, Caller};
pub use role::{allows, Action};
