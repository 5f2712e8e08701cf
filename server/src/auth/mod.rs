//! Authentication and authorisation: bearer tokens (stored hashed in the log), the role matrix, the end of a
//! revoked token's streams, and the director's token file.

pub mod interceptor;
pub mod revocation;
pub mod role;
pub mod token_file;

pub use interceptor::{authenticate, caller, credential, Caller};
pub use role::{allows, required, Action, Denied};
