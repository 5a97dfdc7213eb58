/**
 * What other areas may use of the directory connection (decision 223): the
 * sign-in's bind; nothing else of this folder is imported from outside it (decision 204).
 */
export { type DirectorySignIn, directorySignIn } from './sign-in';
