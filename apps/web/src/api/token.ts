import { TOKEN_COOKIE } from '@ccms/contracts/constants';
import Cookies from 'js-cookie';

/** The session token lives in cookie Admin-Token (spec section 4). */
export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
export const removeToken = () => Cookies.remove(TOKEN_COOKIE);
