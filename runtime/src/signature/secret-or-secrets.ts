/**
 * A signing secret, or several during a rotation: verification passes when any of them
 * matches, tried in order (put the current secret first).
 */
export type SecretOrSecrets = string | readonly string[];
