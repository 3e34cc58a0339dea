/**
 * Inside an open launch dialog (its Retry, its recommended games), a launch's own failure is
 * shown in that dialog rather than in a second one stacked over it.
 */
import { createContext } from "react";

export const DialogHost = createContext<((href: string) => void) | null>(null);
