"""The club-room feed: a kiosk publishes its table to an MQTT broker (off by default).

- `kiosk.network.config`: the `[network]` table of the kiosk config -> NetworkConfig.
- `kiosk.network.messages`: topic names and the JSON the kiosk publishes (what the players'
  own screen shows, nothing more: KIOSK-05).
- `kiosk.network.publisher`: `MqttSink`, a `kiosk.sinks.Sink` that publishes off the game's thread.
- `kiosk.network.login`: `log_in`, the user name and TLS of a client of the club's broker (the
  kiosk's publisher and the director's dashboard).

Topics, for a table named T (letters, digits, '-' and '_'):

    scrabble/tables/T/state    retained, QoS 1: the table now (ScreenModel, as the players see it)
    scrabble/tables/T/events   QoS 1: every journal record, in order, with game_id and seq
    scrabble/tables/T/gcg      retained, QoS 1: the finished game's GCG and final scores
    scrabble/tables/T/online   retained: {"online": true}; the broker's last will says false
    scrabble/tables/T/resend   the dashboard asks the table to publish again from a seq
"""
