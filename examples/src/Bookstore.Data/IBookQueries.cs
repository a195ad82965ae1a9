using Bookstore.Domain;

namespace Bookstore.Data;

public interface IBookQueries
{
    List<Book> ByGenre(Genre genre);

    IEnumerable<Book> Search(string text);
}
