//! Dry runs: commands decided against a scratch copy of the register, the way the writer would decide them one
//! after the other, to answer what each would get (`CheckRegistrations`). Must not touch the writer, the log or
//! the readers' state: the copy is thrown away with the rehearsal.

use super::write::{checked, refused};
use super::{Core, Meta, Refusal, Target};
use crate::auth::{required, Caller};
use crate::domain::{Actor, Command, Context, ParticipantId, State, Subject};
use crate::log::writer::rehearse;
use crate::log::WriteError;

/// A scratch register and who is rehearsing on it.
pub struct Rehearsal {
    scratch: State,
    caller: Caller,
    now_ms: i64,
}

/// What a command would do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rehearsed {
    /// The request id was already used for this command: the real one would answer from the log.
    pub already_done: bool,
    /// The participant the command would answer with.
    pub participant: Option<ParticipantId>,
}

impl Core {
    /// A rehearsal on a copy of the register as it is now. Only a primary rehearses, as only a primary would
    /// accept the real commands.
    pub fn rehearsal(&self, caller: Caller) -> Result<Rehearsal, Refusal> {
        self.control
            .writer()
            .map_err(|e| Refusal::Unavailable(e.to_string()))?;
        Ok(Rehearsal {
            scratch: self.read(|s| s.clone())?,
            caller,
            now_ms: crate::now_ms(),
        })
    }
}

impl Rehearsal {
    /// What `cmd` would get had it been sent now, after every command rehearsed before it; the scratch register
    /// keeps its effect.
    pub fn check(&mut self, meta: Meta, cmd: &Command) -> Result<Rehearsed, Refusal> {
        self.caller.require(required(cmd))?;
        let meta = checked(meta)?;
        let ctx = Context {
            actor: Actor {
                terminal: self.caller.terminal.clone(),
                role: self.caller.role,
                operator: meta.operator,
            },
            now_ms: self.now_ms,
            entropy: rand::random(),
        };
        let done = rehearse(&mut self.scratch, cmd, &ctx, &meta.request_id)
            .map_err(|r| refused(WriteError::Rejected(r), Target::None))?;
        Ok(Rehearsed {
            already_done: done.replayed,
            participant: match done.subject {
                Some(Subject::Participant(p)) => Some(p.id),
                _ => None,
            },
        })
    }

    /// The scratch register as the rehearsal left it, to show what a refusal met.
    pub fn scratch(&self) -> &State {
        &self.scratch
    }

    /// Who is rehearsing.
    pub fn caller(&self) -> &Caller {
        &self.caller
    }
}
