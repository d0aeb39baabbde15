//! What both games' boards share: the themes a player picks, the pictures painted from
//! them at start, and the pointer on the board that both games' input reads, whether the
//! mouse or a finger moves it; and how smooth the edges are drawn, which depends on the
//! graphics card.

pub mod edges;
pub mod paint;
pub mod pointer;
pub mod theme;
pub mod touch;
