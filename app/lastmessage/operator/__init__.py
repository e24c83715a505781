"""The operator menu: staff settings and actions on the tablet, behind a PIN.

`pin` keeps the PIN as a scrypt hash, `set_pin` is `lastmessage set-pin`,
`lockout` counts wrong tries on the app's clock, `keep` persists the menu's
choices beside the journal, `power` restarts, reboots and powers off, `desk`
is the menu's state inside the App, and `commands` / `events` are its typed
inputs and outputs.
"""
