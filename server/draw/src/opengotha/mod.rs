//! Reader for OpenGotha tournament XML files: players, games, byes and parameters, mapped onto the draw's model.
