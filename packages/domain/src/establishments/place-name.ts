/**
 * How a place of work reads in lists: a hospital department with its hospital ("Cardiology, Royal Eastern
 * Hospital"), since "Cardiology" alone could be any hospital's; any other establishment by its name.
 */
export function placeName(place: { name: string; hospital: { name: string } | null }): string {
  return place.hospital ? `${place.name}, ${place.hospital.name}` : place.name;
}
