// Window configurations (current-window-configuration and
// set-window-configuration), on Frame's snapshots.
#pragma once

namespace gapmacs::ui {

// Replaces batch's window configurations with the frame's.
void register_window_configuration_builtins();

} // namespace gapmacs::ui
