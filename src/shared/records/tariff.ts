/** Tariffs are declared beside services (each embeds the other). */
export { tariffRecord, type TariffRecord } from './service';
