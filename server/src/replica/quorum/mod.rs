//! The three-voter venue: primary, standby and witness agree through Raft (openraft), so a command is acknowledged
//! only once a majority holds it durable, a leader is elected by majority, and a leader cut off from the majority
//! stops acknowledging. Tengen's own log, hash chain, state and idempotency table stay what they are: each Raft
//! entry carries one group commit of the single writer (the stored bytes of Tengen log entries), and the state
//! machine appends them to the Tengen log and applies them exactly as replay does, on every voter.
//!
//! - [`types`]: the Raft type configuration and what an entry carries.
//! - [`log_store`]: the Raft log, vote and committed id, durable in a sled database of their own.
//! - [`machine`]: the state machine: Tengen's log store, state and live broadcast.
//! - [`members`]: the machines of the venue, who leads, how far each is behind; adding, promoting, removing.
//! - [`snapshot`]: a snapshot's bytes: the Tengen log streamed from the store, or a received file.
//! - [`network`]: Raft's messages over the venue's gRPC port (TLS, the shared replica secret).
//! - [`node`]: start-up, the writer only the leader holds, the witness handing leadership back.
//! - [`take_over`]: a machine that survived its venue's voters makes itself the only voter (offline), and the
//!   generation that fences the old ones.
//! - [`pre_vote`]: when a voter may stand for election (a majority would vote for it), so one coming back from a
//!   cut does not depose the leader.
//!
//! Must not touch the domain's decisions, and never appends to Tengen's log except through the state machine.

pub mod log_store;
pub mod machine;
pub mod members;
pub mod network;
pub mod node;
pub mod pre_vote;
pub mod snapshot;
pub mod take_over;
pub mod types;
