using System.Collections.Generic;
using System.Linq;

namespace Bookstore.Domain;

public static class BookExtensions
{
    public static bool IsExpensive(this Book book, decimal threshold = 50m) => book.Price.Amount > threshold;

    public static IEnumerable<Book> InGenre(this IEnumerable<Book> books, Genre genre) =>
        books.Where(book => book.Genre == genre);

    public static Money Total(this IEnumerable<Book> books)
    {
        var total = Money.Zero;
        foreach (var book in books)
        {
            total += book.Price;
        }

        return total;
    }

    public static TEntity? FindEntity<TEntity>(this IEnumerable<TEntity> source, int id)
        where TEntity : class, IEntity =>
        source.FirstOrDefault(entity => entity.Id == id);
}
