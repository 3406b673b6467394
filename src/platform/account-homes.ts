// The homes to protect: $HOME, and the account's own home from the password database when it
// differs. $HOME can be pointed anywhere by whoever starts cellguard; the account's home holds the
// same credentials.
import { homedir, userInfo } from "node:os";

export function accountHomes(): string[] {
  const homes = [homedir()];
  try {
    const account = userInfo().homedir;
    if (account !== "" && !homes.includes(account)) homes.push(account);
  } catch {
    // no password-database entry for this uid
  }
  return homes;
}
