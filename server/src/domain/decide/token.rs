//! Decisions about terminal tokens that guard the director's way in: revoking a token (never the last director
//! token) and resetting the director's token on the server machine. Pure, like the rest of `decide`; creating a
//! token stays in `decide.rs`.

use super::super::error::Rejected;
use super::super::event::Event;
use super::super::ids::TokenId;
use super::super::record::{Role, TokenRecord};
use super::super::state::State;
use super::super::Context;

/// The terminal name of a director token made by the server itself.
const DIRECTOR: &str = "director";

fn is_active_director(t: &TokenRecord) -> bool {
    t.role == Role::Director && !t.revoked
}

/// Revokes token `id`, unless it is the last director token that still works: without one nobody could manage
/// tokens or change the event again, so the only way past it is the offline reset on the server machine.
pub(super) fn revoke(state: &State, id: TokenId) -> Result<Vec<Event>, Rejected> {
    let token = state.tokens.get(&id).ok_or(Rejected::UnknownToken(id))?;
    let others = state
        .tokens
        .values()
        .filter(|t| t.id != id && is_active_director(t))
        .count();
    if is_active_director(token) && others == 0 {
        return Err(Rejected::Precondition(format!(
            "{id} is the last director token and cannot be revoked: create another director token first, or \
             replace it on the server machine with `tengen-server token reset --data DIR` (server stopped)"
        )));
    }
    Ok(vec![Event::TokenRevoked { id }])
}

/// Revokes every working director token and installs a new one with the secret hash `hash`. Only the server
/// itself sends this (role `System`: the first start, `tengen-server token reset`), after writing the secret to
/// `director.token`; the entry records who ran it like any other.
pub(super) fn reset_director(
    state: &State,
    hash: &str,
    ctx: &Context,
) -> Result<Vec<Event>, Rejected> {
    if ctx.actor.role != Role::System {
        return Err(Rejected::Forbidden {
            role: ctx.actor.role.as_str(),
            action: "reset the director's token (only on the server machine)",
        });
    }
    let is_sha256 = hash.len() == 64
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !is_sha256 {
        return Err(Rejected::invalid(
            "hash",
            "must be a SHA-256 in lower-case hex",
        ));
    }
    if state.tokens.values().any(|t| t.hash == hash) {
        return Err(Rejected::invalid("hash", "is already the hash of a token"));
    }
    let mut events: Vec<Event> = state
        .tokens
        .values()
        .filter(|t| is_active_director(t))
        .map(|t| Event::TokenRevoked { id: t.id })
        .collect();
    events.push(Event::TokenCreated {
        token: TokenRecord {
            id: state.next_token_id(),
            name: DIRECTOR.into(),
            role: Role::Director,
            hash: hash.to_string(),
            created_at_ms: ctx.now_ms,
            revoked: false,
        },
    });
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::super::{decide, token_hash};
    use super::*;
    use crate::domain::{Actor, Command};

    fn ctx(role: Role) -> Context {
        Context {
            actor: Actor {
                terminal: "server".into(),
                role,
                operator: String::new(),
            },
            now_ms: 5,
            entropy: [3; 32],
        }
    }

    fn apply(state: &mut State, events: &[Event]) {
        for e in events {
            state.apply(e);
        }
    }

    /// A register with tokens of `roles`, ids 1, 2, …
    fn with_tokens(roles: &[Role]) -> State {
        let mut s = State::default();
        for (i, role) in roles.iter().enumerate() {
            let mut c = ctx(Role::Director);
            c.entropy = [i as u8; 32];
            let cmd = Command::CreateToken {
                name: format!("t{i}"),
                role: *role,
            };
            let events = decide(&s, &cmd, &c).unwrap();
            apply(&mut s, &events);
        }
        s
    }

    #[test]
    fn issue_13_the_last_director_token_cannot_be_revoked() {
        let s = with_tokens(&[Role::Director, Role::Viewer]);
        let refused = decide(
            &s,
            &Command::RevokeToken { id: TokenId(1) },
            &ctx(Role::Director),
        );
        match refused {
            Err(Rejected::Precondition(message)) => {
                assert!(message.contains("last director token"), "{message}");
                assert!(message.contains("tengen-server token reset"), "{message}");
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
        // Other tokens may go.
        assert_eq!(
            decide(
                &s,
                &Command::RevokeToken { id: TokenId(2) },
                &ctx(Role::Director)
            ),
            Ok(vec![Event::TokenRevoked { id: TokenId(2) }])
        );
        assert_eq!(
            decide(
                &s,
                &Command::RevokeToken { id: TokenId(9) },
                &ctx(Role::Director)
            ),
            Err(Rejected::UnknownToken(TokenId(9)))
        );
    }

    #[test]
    fn a_director_token_may_be_revoked_while_another_one_works() {
        let mut s = with_tokens(&[Role::Director, Role::Director]);
        let events = decide(
            &s,
            &Command::RevokeToken { id: TokenId(1) },
            &ctx(Role::Director),
        );
        assert_eq!(events, Ok(vec![Event::TokenRevoked { id: TokenId(1) }]));
        apply(&mut s, &events.unwrap());
        // Now token 2 is the last one; revoking the revoked token 1 again changes nothing and is allowed.
        assert!(matches!(
            decide(
                &s,
                &Command::RevokeToken { id: TokenId(2) },
                &ctx(Role::Director)
            ),
            Err(Rejected::Precondition(_))
        ));
        assert!(decide(
            &s,
            &Command::RevokeToken { id: TokenId(1) },
            &ctx(Role::Director)
        )
        .is_ok());
    }

    #[test]
    fn reset_revokes_every_director_token_and_installs_one_new() {
        let s = with_tokens(&[Role::Director, Role::Registration, Role::Director]);
        let hash = token_hash("tgn_new");
        let cmd = Command::ResetDirectorToken { hash: hash.clone() };
        let events = decide(&s, &cmd, &ctx(Role::System)).unwrap();
        assert_eq!(
            events,
            vec![
                Event::TokenRevoked { id: TokenId(1) },
                Event::TokenRevoked { id: TokenId(3) },
                Event::TokenCreated {
                    token: TokenRecord {
                        id: TokenId(4),
                        name: "director".into(),
                        role: Role::Director,
                        hash,
                        created_at_ms: 5,
                        revoked: false,
                    }
                },
            ]
        );
        // On an empty register (the first start) it only installs the token.
        let first = decide(&State::default(), &cmd, &ctx(Role::System)).unwrap();
        assert!(
            matches!(first.as_slice(), [Event::TokenCreated { token }] if token.id == TokenId(1))
        );
    }

    #[test]
    fn only_the_server_itself_resets_and_only_with_a_fresh_sha256() {
        let s = with_tokens(&[Role::Director]);
        let fresh = Command::ResetDirectorToken {
            hash: token_hash("tgn_other"),
        };
        assert!(matches!(
            decide(&s, &fresh, &ctx(Role::Director)),
            Err(Rejected::Forbidden { .. })
        ));
        let used = s.tokens[&TokenId(1)].hash.clone();
        for bad in [String::new(), "zz".repeat(32), used.to_uppercase(), used] {
            let cmd = Command::ResetDirectorToken { hash: bad.clone() };
            assert!(
                matches!(
                    decide(&s, &cmd, &ctx(Role::System)),
                    Err(Rejected::Invalid { field: "hash", .. })
                ),
                "{bad:?}"
            );
        }
    }
}
